import { isUrlQuery, normaliseUrlPath, urlQueryPaths } from './url-path';

describe('normaliseUrlPath', () => {
  it.each([
    ['/festgeld/', '/festgeld'],
    ['/festgeld', '/festgeld'],
    ['/Festgeld/?utm=x#top', '/festgeld'],
    ['festgeld/', '/festgeld'],
    ['https://www.example.de/de-de/festgeld/?x=1', '/de-de/festgeld'],
    ['//cdn', '/cdn'],
    ['/', '/'],
    ['/a//b///', '/a/b'],
    ['/k%C3%BCndigung/', '/kündigung'],
  ])('%s → %s', (href, path) => expect(normaliseUrlPath(href)).toBe(path));

  it.each(['', '  ', '#consent-settings', 'mailto:a@b.c', 'tel:+49', 'javascript:void(0)'])(
    '%j names no page',
    (href) => {
      expect(normaliseUrlPath(href)).toBeUndefined();
    },
  );
});

describe('URL queries', () => {
  it('are paths and full URLs, not words', () => {
    expect(isUrlQuery('/festgeld/')).toBe(true);
    expect(isUrlQuery(' https://x.de/a')).toBe(true);
    expect(isUrlQuery('festgeld')).toBe(false);
  });

  it('also mean the path without a locale segment, which internal links leave to the shell', () => {
    expect(urlQueryPaths('https://www.example.de/de-de/festgeld/')).toEqual(['/de-de/festgeld', '/festgeld']);
    expect(urlQueryPaths('/festgeld/')).toEqual(['/festgeld']);
    expect(urlQueryPaths('#x')).toEqual([]);
  });
});
