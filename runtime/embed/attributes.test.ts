import { describeProblem, parseFlagList, readElementAttributes, type ElementAttribute } from './attributes';

const PAGE = 'https://team.example/app/page.html';
const read = (attributes: Partial<Record<ElementAttribute, string>>) =>
  readElementAttributes((name) => attributes[name] ?? null, PAGE);

describe('readElementAttributes', () => {
  it('takes a locale in either case and fills the defaults', () => {
    expect(read({ locale: 'de-de' })).toEqual({
      settings: { locale: 'de-DE', page: 'home', manifestUrl: 'https://team.example/configs/manifest.json' },
      problems: [],
    });
  });

  it('resolves the manifest and api-base against the page', () => {
    const { settings } = read({
      locale: 'en-GB',
      page: 'login',
      manifest: '../cdn/manifest.json',
      'api-base': 'https://api.bank.example/v1',
    });
    expect(settings).toMatchObject({
      page: 'login',
      manifestUrl: 'https://team.example/cdn/manifest.json',
      apiBase: 'https://api.bank.example/v1',
    });
  });

  it('reads flags as a comma-separated list; an empty list turns every flag off', () => {
    expect(read({ locale: 'de-DE', flags: ' newDashboard, accountSwitch ,newDashboard' }).settings?.flags).toEqual([
      'newDashboard',
      'accountSwitch',
    ]);
    expect(read({ locale: 'de-DE', flags: '' }).settings?.flags).toEqual([]);
  });

  it('refuses an unknown locale with the list of valid ones, and then has nothing to render', () => {
    const { settings, problems } = read({ locale: 'xx-YY' });
    expect(settings).toBeUndefined();
    expect(problems).toEqual([
      expect.objectContaining({ attribute: 'locale', value: 'xx-YY', allowed: expect.stringContaining('de-DE') }),
    ]);
  });

  it('reports a bad flags, page, manifest or api-base value and renders without it', () => {
    const { settings, problems } = read({
      locale: 'de-DE',
      flags: '["newDashboard"]',
      page: 'start',
      manifest: 'javascript:alert(1)',
      'api-base': 'ftp://x',
    });
    expect(problems.map((p) => p.attribute)).toEqual(['page', 'manifest', 'api-base', 'flags']);
    expect(settings).toEqual({
      locale: 'de-DE',
      page: 'home',
      manifestUrl: 'https://team.example/configs/manifest.json',
    });
  });
});

describe('parseFlagList', () => {
  it('refuses entries that are not flag ids', () => {
    expect(parseFlagList('newDashboard,new dashboard')).toBeUndefined();
    expect(parseFlagList('{"newDashboard":true}')).toBeUndefined();
  });
});

describe('describeProblem', () => {
  it('names the element, the attribute, the value and what to write instead', () => {
    const [problem] = read({ locale: 'de-DE', flags: 'a;b' }).problems;
    expect(describeProblem('PORTAL-HEADER', problem!)).toBe(
      '<portal-header>: flags="a;b" is not valid; use a comma-separated list of flag ids (letters and digits, e.g. "newDashboard,accountSwitch"); empty turns every flag off.',
    );
  });
});
