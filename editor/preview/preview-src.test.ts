import { previewSrc } from './preview-src';

describe('previewSrc', () => {
  it('always names the locale first, even the default one', () => {
    expect(previewSrc('de-DE', 'visitor', 'home')).toBe('/preview?locale=de-DE');
  });

  it('writes persona and page in the /preview contract', () => {
    expect(previewSrc('fr-FR', 'customer', 'dashboard')).toBe('/preview?locale=fr-FR&persona=customer&page=dashboard');
  });
});
