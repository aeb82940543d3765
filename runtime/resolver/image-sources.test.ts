/**
 * Image URLs the validator refuses (docs/config-format.md#links) are not rendered either: a file published
 * before that rule, or a distributor logo from the API, must not make the browser load an image off-site.
 */
import { describe, expect, it } from 'vitest';
import type { NavItem } from '../../schemas/generated/config-types';
import { editableConfig } from './__fixtures__/configs';
import { partnerDistributor, visitor } from './__fixtures__/contexts';
import { footer, header, subMenuItems } from './__fixtures__/shell';
import { imageSource } from './links';

/** Each is read by browsers as a URL on evil.example although it starts with one slash. */
const OFF_SITE = [
  '/\\evil.example/x.svg',
  '/\t/evil.example/x.svg',
  '/\n/evil.example/x.svg',
  '//evil.example/x.svg',
  'http://evil.example/x.svg',
  'javascript:alert(1)',
];

describe('imageSource', () => {
  it.each(OFF_SITE)('refuses %j', (url) => {
    expect(imageSource(url)).toBeUndefined();
  });

  it.each(['/assets/logo.svg', 'https://cdn.example.com/logo.svg'])('keeps %j', (url) => {
    expect(imageSource(url)).toBe(url);
  });
});

describe('the resolver drops off-site images', () => {
  it.each(OFF_SITE)('a header logo at %j is not rendered', (url) => {
    const config = editableConfig('de-DE');
    for (const logo of config.header.logoItems) logo.url = url;
    expect(header(visitor('de-DE'), config).logoItems).toEqual([]);
  });

  it.each(OFF_SITE)('a teaser image at %j is left out, the teaser link stays', (url) => {
    const config = editableConfig('de-DE');
    const lists = (item: NavItem) =>
      Object.values(item.subMenus ?? {}).filter(Array.isArray) as { type: string; imageUrl?: string }[][];
    const nav = config.header.public!.navItems!.find((item) =>
      lists(item).some((list) => list.some((entry) => entry.type === 'image')),
    )!;
    for (const list of lists(nav)) for (const entry of list) if (entry.type === 'image') entry.imageUrl = url;
    const resolved = header(visitor('de-DE'), config).navItems.find((item) => item.id === nav.id)!;
    const teaser = subMenuItems(resolved).find((item) => item.type === 'image')!;
    expect(teaser.link).toBeDefined();
    expect(teaser.imageUrl).toBeUndefined();
  });

  it.each(OFF_SITE)("a distributor's logo at %j gives no partner logo", (url) => {
    const model = header(visitor('de-DE', { distributor: partnerDistributor({ logo: { url, alt: 'Partner' } }) }));
    expect(model.partnerLogo).toBeUndefined();
  });

  it.each(OFF_SITE)('credits, social icons and the app banner at %j are not rendered with that image', (url) => {
    const config = editableConfig('de-DE');
    const f = config.footer;
    for (const credit of f.credits ?? []) credit.instituteLogo.url = url;
    for (const icon of f.social.icons) icon.iconUrl = url;
    if (f.mobileBanner) f.mobileBanner.iconUrl = url;
    const model = footer(visitor('de-DE'), config);
    expect(model.credits).toEqual([]);
    expect(model.social.icons.length).toBeGreaterThan(0);
    expect(model.social.icons.every((icon) => icon.iconUrl === undefined)).toBe(true);
    expect(model.mobileBanner).toBeUndefined();
  });

  it('the shipped de-DE images all render (the guard removes nothing a valid config holds)', () => {
    const model = footer(visitor('de-DE'));
    expect(model.credits.length).toBeGreaterThan(0);
    expect(model.mobileBanner?.iconUrl).toBe('/assets/app-icon.svg');
    expect(header(visitor('de-DE')).logoItems.length).toBeGreaterThan(0);
  });
});
