import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeSource,
  formatProblem,
  validateDocument,
  validateDocumentSet,
  type Problem,
  type SourceFile,
} from './index';

const deDE = readFileSync('config/de-DE.json', 'utf8');
const flags = readFileSync('config/flags.json');
const markets = readFileSync('config/markets.json');
const enc = new TextEncoder();

/** Line and column (1-based) of the first occurrence of `needle`, computed from the text itself. */
function positionOf(text: string, needle: string, occurrence = 1): { line: number; column: number } {
  let index = -1;
  for (let i = 0; i < occurrence; i++) index = text.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`fixture does not contain ${needle}`);
  const before = text.slice(0, index);
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
}

function validateLocale(text: string, file = 'config/de-DE.json'): Problem[] {
  const files: SourceFile[] = [
    { file, bytes: enc.encode(text) },
    { file: 'config/flags.json', bytes: flags },
  ];
  return validateDocumentSet(files).problems;
}

function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`fixture does not contain ${from}`);
  return text.replace(from, to);
}

describe('validator on the shipped reference config', () => {
  it('accepts de-DE with the flag registry', () => {
    expect(validateLocale(deDE)).toEqual([]);
  });

  it('fills schema defaults so consumers get complete objects', () => {
    const result = validateDocument({ id: 'de-DE', file: 'de-DE.json', text: deDE });
    const config = result.value as {
      header: { login: { navItems: unknown[] } };
      footer: { hideCountryPicker: boolean };
    };
    expect(config.footer.hideCountryPicker).toBe(false);
    expect(config.header.login.navItems).toEqual([]);
  });
});

describe('bad input: each class gets one specific message with file:line:col and pointer', () => {
  it('malformed JSON reports line and column, not a stack trace', () => {
    const text = '{\n  "locale": "de-DE",\n  "language": \n}\n';
    const [problem, ...rest] = validateLocale(text);
    expect(rest).toEqual([]);
    expect(formatProblem(problem!)).toBe(
      'config/de-DE.json:4:1  /  malformed JSON: value expected  (hint: fix the JSON syntax first; other checks run once it parses)',
    );
  });

  it('a trailing comma is a syntax error at the closing brace', () => {
    const text = '{\n  "locale": "de-DE",\n}';
    expect(validateLocale(text)[0]).toMatchObject({
      code: 'json-syntax',
      line: 3,
      column: 1,
      message: 'malformed JSON: property name expected (in double quotes)',
    });
  });

  it('a wrong type names expected and actual type', () => {
    const broken = replaceOnce(deDE, '"display": true', '"display": "true"');
    const [problem] = validateLocale(broken);
    expect(problem).toMatchObject({
      code: 'schema',
      pointer: '/footer/reviewStrip/display',
      message: 'expected boolean, got string',
      hint: 'use true or false without quotes',
    });
    expect(problem).toMatchObject(positionOf(broken, '"true"'));
  });

  it('an unknown key points at the key and suggests the closest allowed one', () => {
    const broken = replaceOnce(deDE, '"copyright":', '"copyrigth":');
    const problems = validateLocale(broken);
    expect(problems.map((p) => p.message)).toEqual(['missing required key "copyright"', 'unknown key "copyrigth"']);
    const unknown = problems[1]!;
    expect(unknown.pointer).toBe('/footer/copyrigth');
    expect(unknown.hint).toMatch(/^did you mean "copyright"\?/);
    expect(unknown).toMatchObject(positionOf(broken, '"copyrigth"'));
  });

  it('an unknown item type gives one error naming it and the valid types', () => {
    const broken = replaceOnce(deDE, '"type": "arrow"', '"type": "arow"');
    const problems = validateLocale(broken);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'schema',
      message: 'unknown item type "arow"',
      hint: 'use one of: basic, advanced, text, image, arrow',
    });
    expect(problems[0]!.pointer).toMatch(/^\/header\/public\/navItems\/0\/subMenus\/sidebar\/1\/type$/);
    expect(problems[0]).toMatchObject(positionOf(broken, '"arow"'));
  });

  it('an item without a type is refused with a hint naming every type the schema has', () => {
    const broken = replaceOnce(deDE, '"type": "arrow",', '');
    const missing = validateLocale(broken).filter((p) => p.message === 'missing "type": every menu item needs a type');
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ code: 'schema', hint: 'add "type": "basic" (or advanced, text, image, arrow)' });
  });

  it('a rule naming an unknown flag is refused with a suggestion', () => {
    const broken = replaceOnce(deDE, '"flag": "paymentMethodScreens"', '"flag": "paymentMethodScreen"');
    const problems = validateLocale(broken);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'unknown-flag',
      pointer: '/accountMenu/items/4/visibility/flag',
      message: 'rule names unknown flag "paymentMethodScreen"',
    });
    expect(problems[0]!.hint).toMatch(/did you mean "paymentMethodScreens"/);
    expect(problems[0]).toMatchObject(positionOf(broken, '"paymentMethodScreen"'));
  });

  it('an unknown access id lists the vocabulary', () => {
    const broken = replaceOnce(deDE, '"access": "term_product_access"', '"access": "term_access"');
    const [problem] = validateLocale(broken);
    expect(problem!.code).toBe('schema');
    expect(problem!.message).toMatch(/^unknown access id "term_access" is not one of: HAS_FIXED_DEPOSIT_ACCOUNT, /);
  });

  it('a duplicate id names where it was first used', () => {
    const broken = replaceOnce(deDE, '"id": "tagesgeld"', '"id": "festgeld"');
    const problems = validateLocale(broken);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'duplicate-id',
      pointer: '/header/public/navItems/0/subMenus/main/1/id',
      message: 'duplicate id "festgeld", first used at /header/public/navItems/0/subMenus/main/0/id',
    });
    expect(problems[0]).toMatchObject(positionOf(broken, '"festgeld"', 2));
  });

  it.each([
    ['plain', 'javascript:alert(1)', 'javascript:'],
    ['upper case', 'JaVaScRiPt:alert(1)', 'javascript:'],
    ['tab inside', 'java\\tscript:alert(1)', 'javascript:'],
    ['leading control character', '\\u0001javascript:alert(1)', 'javascript:'],
    ['numeric entity', '&#106;avascript:alert(1)', 'javascript:'],
    ['hex entity and named colon', '&#x6A;avascript&colon;alert(1)', 'javascript:'],
    ['data URL', ' data:text/html;base64,PHNjcmlwdD4=', 'data:'],
    ['vbscript', 'vbscript:msgbox(1)', 'vbscript:'],
  ])('an unsafe link (%s) is refused', (_name, href, scheme) => {
    const broken = replaceOnce(deDE, '"href": "/impressum/"', `"href": "${href}"`);
    const problems = validateLocale(broken);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'unsafe-link',
      pointer: '/footer/legalLinks/0/href',
      message: `unsafe link scheme "${scheme}"`,
    });
    expect(problems[0]).toMatchObject(positionOf(broken, `"${href}"`));
  });

  it('an unsafe link inside the rich-text disclaimer is refused', () => {
    const broken = replaceOnce(
      deDE,
      'href=\\"https://www.depona.example/de-de/risikohinweise/\\"',
      'href=\\"javascript:alert(1)\\"',
    );
    expect(validateLocale(broken)[0]).toMatchObject({
      code: 'unsafe-link',
      pointer: '/footer/disclaimer',
      message: 'unsafe link scheme "javascript:" in rich text',
    });
  });

  it('an internal link without a leading slash is refused with the fix', () => {
    const broken = replaceOnce(deDE, '"href": "/impressum/"', '"href": "impressum/"');
    expect(validateLocale(broken)[0]).toMatchObject({
      code: 'relative-link',
      message: 'internal link "impressum/" must start with /',
      hint: 'write "/impressum/"; the locale base path is added at render time',
    });
  });

  it('a file name that does not match its locale field', () => {
    const problems = validateLocale(deDE, 'config/de-AT.json');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'file-locale-mismatch',
      file: 'config/de-AT.json',
      pointer: '/locale',
      message: 'locale "de-DE" does not match the file name de-AT.json',
      hint: 'set "locale": "de-AT" or rename the file to de-DE.json',
    });
  });

  it('a locale field that names no config: the fix is the field, never a rename to it', () => {
    const problems = validateLocale(replaceOnce(deDE, '"locale": "de-DE"', '"locale": "de-DEX"'));
    expect(problems.find((p) => p.code === 'file-locale-mismatch')).toMatchObject({
      pointer: '/locale',
      hint: 'set "locale": "de-DE"',
    });
  });

  it('missing countdown texts', () => {
    const parsed = JSON.parse(deDE) as { strings: { session?: unknown } };
    delete parsed.strings.session;
    const problems = validateLocale(JSON.stringify(parsed, null, 2));
    expect(problems.map((p) => [p.code, p.message])).toEqual([
      ['schema', 'missing required key "session"'],
      ['missing-session-texts', 'the session countdown texts are missing'],
    ]);
  });

  it('a countdown text without its {time} placeholder', () => {
    const broken = replaceOnce(deDE, 'werden Sie in {time} abgemeldet', 'werden Sie bald abgemeldet');
    expect(validateLocale(broken)[0]).toMatchObject({
      code: 'missing-placeholder',
      pointer: '/strings/session/countdownText',
      message: 'text must contain {time}',
    });
  });

  it('a UI text with a placeholder the runtime does not fill (a translated name, or one where the text takes none)', () => {
    const translated = replaceOnce(deDE, 'werden Sie in {time} abgemeldet', 'werden Sie in {zeit} abgemeldet');
    expect(validateLocale(translated).map((p) => [p.code, p.pointer, p.message])).toEqual([
      ['missing-placeholder', '/strings/session/countdownText', 'text must contain {time}'],
      [
        'unknown-placeholder',
        '/strings/session/countdownText',
        '{zeit} is not a placeholder here (this text takes {time})',
      ],
    ]);
    const invented = replaceOnce(deDE, '"logout": "Abmelden"', '"logout": "Abmelden {name}"');
    expect(validateLocale(invented)).toEqual([
      expect.objectContaining({
        code: 'unknown-placeholder',
        pointer: '/strings/header/logout',
        message: '{name} is not a placeholder in this text, which takes none',
      }),
    ]);
    const copyright = replaceOnce(deDE, '© {year} Depona GmbH.', '© {year} {firma}.');
    expect(validateLocale(copyright)).toEqual([
      expect.objectContaining({ code: 'unknown-placeholder', pointer: '/footer/copyright' }),
    ]);
  });

  it('a copy-button name without its {label} placeholder', () => {
    const broken = replaceOnce(deDE, '"copy": "{label} kopieren"', '"copy": "Kopieren"');
    expect(validateLocale(broken)[0]).toMatchObject({
      code: 'missing-placeholder',
      pointer: '/strings/header/copy',
      message: 'text must contain {label}',
    });
  });

  it('a rule with two keys says to combine with all/any', () => {
    const broken = replaceOnce(
      deDE,
      '"flag": "paymentMethodScreens"',
      '"flag": "paymentMethodScreens", "access": "term_product_access"',
    );
    expect(validateLocale(broken)[0]).toMatchObject({
      message: 'a rule has exactly one key, this one has 2',
      hint: 'combine conditions with {"all": [...]} or {"any": [...]}',
    });
  });

  it('a nav item with neither href nor subMenus', () => {
    const parsed = JSON.parse(deDE) as { header: { public: { navItems: { subMenus?: unknown }[] } } };
    delete parsed.header.public.navItems[0]!.subMenus;
    const problems = validateLocale(JSON.stringify(parsed, null, 2));
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'nav-item-target',
        pointer: '/header/public/navItems/0',
        message: 'a nav item needs href (a link) or subMenus (a dropdown)',
      }),
    ]);
  });
});

describe('encoding', () => {
  it('an empty file', () => {
    expect(decodeSource('config/de-DE.json', new Uint8Array())).toEqual({
      problem: expect.objectContaining({ code: 'empty-file', line: 1, column: 1, message: 'file is empty' }),
    });
  });

  it('a whitespace-only file counts as empty', () => {
    expect(decodeSource('x.json', enc.encode('  \n\n')).problem?.code).toBe('empty-file');
  });

  it('Latin-1 bytes are located at their line and column', () => {
    const bytes = Uint8Array.from([...enc.encode('{\n  "a": "Gr'), 0xfc, ...enc.encode('n"\n}')]);
    expect(decodeSource('config/de-DE.json', bytes).problem).toMatchObject({
      code: 'encoding',
      line: 2,
      column: 11,
      message: 'file is not valid UTF-8 (byte 0xfc at offset 12)',
    });
  });

  it('a byte-order mark is refused', () => {
    expect(decodeSource('x.json', Uint8Array.from([0xef, 0xbb, 0xbf, ...enc.encode('{}')])).problem?.message).toBe(
      'file starts with a byte-order mark',
    );
  });
});

describe('cross-file checks', () => {
  it('a market whose locale has no config', () => {
    const report = validateDocumentSet([
      { file: 'config/markets.json', bytes: markets },
      { file: 'config/flags.json', bytes: flags },
      { file: 'config/de-DE.json', bytes: enc.encode(deDE) },
    ]);
    const missing = report.problems.filter((p) => p.code === 'market-without-config');
    expect(missing.length).toBe(12);
    expect(missing[0]).toMatchObject({
      file: 'config/markets.json',
      pointer: '/markets/0/locale',
      message: 'market "at" points to locale "de-AT", which has no config',
    });
  });

  it('requires flags.json and markets.json in a directory', () => {
    const report = validateDocumentSet([{ file: 'x/de-DE.json', bytes: enc.encode(deDE) }], {
      requireAll: true,
      dirLabel: 'x',
    });
    expect(report.problems.map((p) => `${p.file} ${p.message}`)).toEqual([
      'x/flags.json flags.json is missing',
      'x/markets.json markets.json is missing',
    ]);
  });

  it('an unknown file name is reported, not ignored', () => {
    const report = validateDocumentSet([{ file: 'config/de_DE.json', bytes: enc.encode(deDE) }]);
    expect(report.problems[0]).toMatchObject({ code: 'unknown-document', message: 'not a known document name' });
  });

  it('a flag declared twice', () => {
    const text =
      '{ "flags": [ { "id": "footerV2", "description": "first declaration", "default": false }, { "id": "footerV2", "description": "second declaration", "default": true } ] }';
    expect(validateDocument({ id: 'flags', file: 'flags.json', text }).problems).toEqual([
      expect.objectContaining({ code: 'duplicate-flag', pointer: '/flags/1/id' }),
    ]);
  });
});
