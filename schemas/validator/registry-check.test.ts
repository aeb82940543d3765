import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_IDS } from '../locale-registry';
import { checkLocaleRegistry } from './registry-check';

const FILE = 'config/locales.json';
const shipped = JSON.parse(readFileSync(FILE, 'utf8')) as { locales: Record<string, unknown>[] } & Record<
  string,
  unknown
>;
const allConfigs = new Set(CONFIG_IDS);
/** The shipped registry with `change` applied to a deep copy, as pretty text (so positions are on their own lines). */
const variant = (change: (registry: typeof shipped) => void) => {
  const copy = structuredClone(shipped);
  change(copy);
  return JSON.stringify(copy, null, 2);
};

describe('checkLocaleRegistry', () => {
  it('accepts the shipped registry with every config file beside it', () => {
    expect(checkLocaleRegistry(FILE, readFileSync(FILE, 'utf8'), allConfigs)).toEqual([]);
  });

  it('reports schema problems with file, line and pointer', () => {
    const [problem, ...rest] = checkLocaleRegistry(
      FILE,
      variant((r) => void (r.locales[2]!.currency = 'chf')),
      allConfigs,
    );
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ code: 'schema', file: FILE, pointer: '/locales/2/currency' });
    expect(problem!.line).toBeGreaterThan(1);
  });

  it.each([
    [
      'a locale listed twice',
      (r: typeof shipped) => void r.locales.push({ ...r.locales[0] }),
      `/locales/${shipped.locales.length}/id`,
      'locale "de-DE" is listed twice',
      'remove this entry or the one at /locales/0',
    ],
    [
      'a host ending on two locales',
      (r: typeof shipped) => void (r.locales[1]!.hostEndings = ['.de']),
      '/locales/1/hostEndings/0',
      'host ending ".de" is also listed by de-DE',
      'a host ending names one language: keep it on one locale',
    ],
    [
      'a login fallback that is not listed',
      (r: typeof shipped) => void (r.loginFallback = 'en-CA'),
      '/loginFallback',
      'the login fallback "en-CA" is not a listed locale',
      expect.stringMatching(/^name one of: de-DE, de-AT, /),
    ],
    [
      'an account-menu fallback that is not listed',
      (r: typeof shipped) => void (r.accountMenuFallback = 'en-CA'),
      '/accountMenuFallback',
      'the account-menu fallback "en-CA" is not a listed locale',
      expect.stringMatching(/^name one of: de-DE, de-AT, /),
    ],
  ])('reports %s, where and what to do', (_, change, pointer, message, hint) => {
    expect(checkLocaleRegistry(FILE, variant(change), allConfigs)).toEqual([
      expect.objectContaining({ code: 'locale-registry', file: FILE, pointer, message, hint }),
    ]);
  });

  it('reports a language without fallback strings', () => {
    const text = variant(
      (r) => void r.locales.push({ id: 'pt-PT', country: 'PT', currency: 'EUR', hostEndings: [], flag: 'pt' }),
    );
    expect(checkLocaleRegistry(FILE, text)).toEqual([
      expect.objectContaining({
        pointer: `/locales/${shipped.locales.length}/id`,
        message: 'locale "pt-PT" has language "pt", which has no entry in /languages',
        hint: 'add "pt": { "pageContent": …, "fallback": { "logoAlt": …, "home": … } } to /languages',
      }),
    ]);
  });

  it('reports a listed locale whose config file is missing, when the directory is checked as a whole', () => {
    const withoutIt = new Set([...allConfigs].filter((id) => id !== 'fi-FI'));
    expect(checkLocaleRegistry(FILE, readFileSync(FILE, 'utf8'), withoutIt)).toEqual([
      expect.objectContaining({
        pointer: '/locales/10/id',
        message: 'locale "fi-FI" has no config file fi-FI.json',
        hint: "add fi-FI.json beside locales.json (copy another locale's and edit it), or remove this entry",
      }),
    ]);
  });

  it('reports broken JSON at its position', () => {
    expect(checkLocaleRegistry(FILE, '{\n  "locales": [,]\n}')).toEqual([
      expect.objectContaining({ code: 'json-syntax', line: 2 }),
    ]);
  });
});
