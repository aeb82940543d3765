import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, humanizeKey } from './breadcrumbs';

const config = {
  header: {
    private: {
      navItems: [
        {
          id: 'mein-sparen',
          title: 'Mein Sparen',
          subMenus: { main: [{ id: 'festgeld', title: 'Festgeld', href: '/festgeld/' }] },
        },
      ],
    },
  },
  strings: { header: { logout: 'Abmelden' } },
  footer: { legalLinks: ['a', 'b'] },
};

describe('breadcrumbs', () => {
  it('names the section, the items by their titles and the field', () => {
    expect(breadcrumbTrail(config, '/header/private/navItems/0/subMenus/main/0/href').map((c) => c.label)).toEqual([
      'Header',
      'Mein Sparen',
      'Festgeld',
      'Href',
    ]);
    expect(breadcrumbTrail(config, '/header/private/navItems/0/subMenus/main/0')).toEqual([
      { label: 'Header', pointer: '/header' },
      { label: 'Mein Sparen', pointer: '/header/private/navItems/0' },
      { label: 'Festgeld', pointer: '/header/private/navItems/0/subMenus/main/0' },
    ]);
    expect(breadcrumbTrail(config, '/strings/header/logout').map((c) => c.label)).toEqual(['Strings', 'Logout']);
    expect(breadcrumbTrail(config, '/footer/legalLinks/1').map((c) => c.label)).toEqual(['Footer', '#2']);
  });

  it('stops where the document ends and refuses what is not a pointer', () => {
    expect(breadcrumbTrail(config, '/header/private/navItems/4/title').map((c) => c.label)).toEqual(['Header']);
    expect(breadcrumbTrail(config, '')).toEqual([]);
    expect(breadcrumbTrail(config, 'header')).toEqual([]);
    expect(breadcrumbTrail(undefined, '/header')).toEqual([]);
  });

  it('humanizes keys', () => {
    expect(humanizeKey('logoItems')).toBe('Logo items');
    expect(humanizeKey('enableBadge')).toBe('Enable badge');
    expect(humanizeKey('app-banner')).toBe('App banner');
  });
});
