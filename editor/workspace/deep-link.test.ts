import { describe, expect, it } from 'vitest';
import { readDeepLink } from './deep-link';

const config = { header: { public: { navItems: [{ id: 'sparen', title: 'Sparen' }] } } };

describe('?at= deep links', () => {
  it('follows a pointer the draft has', () => {
    expect(readDeepLink(config, '/header/public/navItems/0/title')).toEqual({
      goTo: '/header/public/navItems/0/title',
      problem: null,
    });
  });

  it('goes to the nearest place of a pointer the draft lacks, and says so', () => {
    expect(readDeepLink(config, '/header/public/navItems/3/title')).toEqual({
      goTo: '/header/public/navItems/3/title',
      problem:
        'The link points to /header/public/navItems/3/title, which this draft does not have: showing the nearest place it has (/header/public/navItems).',
    });
  });

  it('refuses what is not a pointer, with an example of one', () => {
    expect(readDeepLink(config, 'header.public')).toEqual({
      goTo: null,
      problem: expect.stringContaining('“header.public” is not a JSON pointer'),
    });
  });
});
