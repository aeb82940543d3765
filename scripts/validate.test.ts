import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of config/ with de-DE.json replaced by `mutate`'s output; returns the directory. */
function brokenCopy(mutate: (text: string) => string | Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-validate-'));
  dirs.push(dir);
  cpSync('config', dir, { recursive: true });
  writeFileSync(path.join(dir, 'de-DE.json'), mutate(readFileSync('config/de-DE.json', 'utf8')));
  return dir;
}

async function validate(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/validate.ts', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function lineCol(text: string, needle: string, occurrence = 1): string {
  let index = -1;
  for (let i = 0; i < occurrence; i++) index = text.indexOf(needle, index + 1);
  const before = text.slice(0, index);
  return `${before.split('\n').length}:${index - before.lastIndexOf('\n')}`;
}

describe('npm run validate', () => {
  it('is clean on the shipped configs and exits 0', async () => {
    const result = await validate([]);
    expect(result.code).toBe(0);
    // Every JSON file in config/ is checked: the documents and the locale registry.
    const files = readdirSync('config').filter((name) => name.endsWith('.json')).length;
    expect(result.stdout).toContain(`✓ ${files} documents in config are valid`);
  });

  const original = readFileSync('config/de-DE.json', 'utf8');
  const cases: [string, (t: string) => string | Uint8Array, (dir: string, text: string) => string][] = [
    [
      'malformed JSON',
      (t) => t.replace('"locale": "de-DE",', '"locale": "de-DE"'),
      () => `de-DE.json:${lineCol(original, '"language"')}  /  malformed JSON: comma expected between entries`,
    ],
    [
      'wrong type',
      (t) => t.replace('"display": true', '"display": "true"'),
      (_d, t) => `de-DE.json:${lineCol(t, '"true"')}  /footer/reviewStrip/display  expected boolean, got string`,
    ],
    [
      'unknown key',
      (t) => t.replace('"disclaimer":', '"disclamer":'),
      (_d, t) => `de-DE.json:${lineCol(t, '"disclamer"')}  /footer/disclamer  unknown key "disclamer"`,
    ],
    [
      'unknown item type',
      (t) => t.replace('"type": "arrow"', '"type": "arow"'),
      (_d, t) =>
        `de-DE.json:${lineCol(t, '"arow"')}  /header/public/navItems/0/subMenus/sidebar/1/type  unknown item type "arow"`,
    ],
    [
      'unknown flag',
      (t) => t.replace('"flag": "accountSwitch"', '"flag": "acountSwitch"'),
      (_d, t) =>
        `de-DE.json:${lineCol(t, '"acountSwitch"')}  /accountMenu/accountSwitch/visibility/flag  rule names unknown flag "acountSwitch"`,
    ],
    [
      'duplicate id',
      (t) => t.replace('"id": "agb"', '"id": "impressum"'),
      (_d, t) => `de-DE.json:${lineCol(t, '"impressum"', 2)}  /footer/legalLinks/2/id  duplicate id "impressum"`,
    ],
    [
      'unsafe link',
      (t) => t.replace('"href": "/agb/"', '"href": "JavaScript:alert(1)"'),
      (_d, t) =>
        `de-DE.json:${lineCol(t, '"JavaScript:alert(1)"')}  /footer/legalLinks/2/href  unsafe link scheme "javascript:"`,
    ],
    [
      'not UTF-8',
      (t) => Buffer.concat([Buffer.from(t.slice(0, 20)), Buffer.from([0xfc]), Buffer.from(t.slice(20))]),
      () => 'de-DE.json:2:19  /  file is not valid UTF-8',
    ],
    ['empty file', () => '', () => 'de-DE.json:1:1  /  file is empty'],
  ];

  it.each(cases)(
    'on a broken copy (%s) prints file:line:col and pointer and exits 1',
    async (_name, mutate, expected) => {
      const dir = brokenCopy(mutate);
      const result = await validate(['--dir', dir]);
      expect(result.code).toBe(1);
      const written = readFileSync(path.join(dir, 'de-DE.json'), 'utf8');
      const line = result.stdout.split('\n').find((l) => l.includes('de-DE.json'));
      expect(line).toContain(expected(dir, written));
      expect(result.stdout).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    },
  );

  it('--json gives machine-readable problems', async () => {
    const dir = brokenCopy((t) => t.replace('"href": "/agb/"', '"href": "agb/"'));
    const result = await validate(['--dir', dir, '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { ok: boolean; problems: { code: string; pointer: string }[] };
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      expect.objectContaining({ code: 'relative-link', pointer: '/footer/legalLinks/2/href' }),
    ]);
  });

  it('refuses unknown arguments with usage and exit 2', async () => {
    const result = await validate(['--dri', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown argument "--dri"');
  });
});
