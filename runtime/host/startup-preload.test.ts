import { describe, expect, it } from 'vitest';
import { documentsForUrl } from './startup-preload';

const at = (path: string) => documentsForUrl(new URL(path, 'http://portal.test'));

describe('documentsForUrl: what the first screen renders, loaded before the first render', () => {
  it('a preview loads the flags, the markets and its locale config', () => {
    expect(at('/preview?locale=fr-FR&persona=customer&page=dashboard')).toEqual(['flags', 'markets', 'fr-FR']);
  });

  it('a preview without locale or page renders the defaults (de-DE home)', () => {
    expect(at('/preview')).toEqual(['flags', 'markets', 'de-DE']);
  });

  it('pages with a fixed config load that one (the corporate page renders en)', () => {
    expect(at('/preview?locale=de-DE&page=corporate')).toEqual(['flags', 'markets', 'en']);
  });

  it('a portal path loads the config of its locale segment', () => {
    expect(at('/nl-nl/dashboard/')).toEqual(['flags', 'markets', 'nl-NL']);
  });

  it('an unknown locale or page preloads no locale config; the route reports the problem', () => {
    expect(at('/preview?locale=xx-XX&page=home')).toEqual(['flags', 'markets']);
    expect(at('/preview?page=nowhere')).toEqual(['flags', 'markets']);
  });
});
