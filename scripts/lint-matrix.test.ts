import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of config/ with de-DE.json replaced by `mutate`'s output; returns the directory. */
function brokenCopy(mutate: (text: string) => string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-lint-matrix-'));
  dirs.push(dir);
  cpSync('config', dir, { recursive: true });
  writeFileSync(path.join(dir, 'de-DE.json'), mutate(readFileSync('config/de-DE.json', 'utf8')));
  return dir;
}

async function lint(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/lint-matrix.ts', ...args], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** 1-based line:column of `needle` (the n-th occurrence) in `text`, or of the `{` that opens the object holding it. */
function lineCol(text: string, needle: string, options: { occurrence?: number; openingBrace?: boolean } = {}): string {
  let index = -1;
  for (let i = 0; i < (options.occurrence ?? 1); i++) index = text.indexOf(needle, index + 1);
  if (options.openingBrace) index = text.lastIndexOf('{', index);
  const before = text.slice(0, index);
  return `${before.split('\n').length}:${index - before.lastIndexOf('\n')}`;
}

/** de-DE.json with a dropdown in the logged-in menu whose only entry needs newDepositsPage. */
function plantDropdown(text: string): string {
  const doc = JSON.parse(text) as { header: { private: { navItems: unknown[] } } };
  doc.header.private.navItems.push({
    id: 'planted-dropdown',
    title: 'Neu',
    subMenus: {
      main: [
        {
          type: 'basic',
          id: 'planted-entry',
          title: 'Neue Seite',
          href: '/neu/',
          visibility: { flag: 'newDepositsPage' },
        },
      ],
    },
  });
  return `${JSON.stringify(doc, null, 2)}\n`;
}

const SUMMARY =
  /([✓✗]) ([\d,]+) combinations checked \(\d+ locales × personas × pages × relevant flags\) in (\d+) ms, ([\d,]+) combinations\/s: (\d+) errors?, (\d+) warnings?/;

describe('npm run lint:matrix', () => {
  it('is clean on the shipped configs: exit 0, no error, and a summary with the combinations checked', async () => {
    const result = await lint([]);
    expect(result.code).toBe(0);
    const summary = SUMMARY.exec(result.stdout);
    expect(summary, result.stdout.slice(-500)).not.toBeNull();
    expect(summary![1]).toBe('✓');
    expect(Number(summary![2]!.replace(/,/g, ''))).toBeGreaterThan(1000);
    expect(Number(summary![4]!.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(summary![5]).toBe('0');
    expect(result.stdout).not.toMatch(/ error /);
  });

  it('flags a planted empty dropdown with file:line:col, pointer and who sees it, and exits 1', async () => {
    const dir = brokenCopy(plantDropdown);
    const written = readFileSync(path.join(dir, 'de-DE.json'), 'utf8');
    const result = await lint(['--dir', dir]);
    expect(result.code).toBe(1);
    const line = result.stdout.split('\n').find((l) => l.includes('empty-dropdown'));
    const navIndex =
      (JSON.parse(written) as { header: { private: { navItems: unknown[] } } }).header.private.navItems.length - 1;
    expect(line).toContain(
      `de-DE.json:${lineCol(written, '"id": "planted-dropdown"', { openingBrace: true })}  error empty-dropdown  /header/private/navItems/${navIndex}  the dropdown "Neu" is left without a link after filtering`,
    );
    expect(line).toMatch(/\(\d+ cells, e\.g\. (customer|company|pending) on (home|dashboard) with no flag on\)/);
    expect(SUMMARY.exec(result.stdout)?.[1]).toBe('✗');
  });

  it('flags a planted unsafe link with the validator’s file:line:col message, still runs the matrix, and exits 1', async () => {
    const dir = brokenCopy((t) => t.replace('"href": "/agb/"', '"href": "JavaScript:alert(1)"'));
    const written = readFileSync(path.join(dir, 'de-DE.json'), 'utf8');
    const result = await lint(['--dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `de-DE.json:${lineCol(written, '"JavaScript:alert(1)"')}  /footer/legalLinks/2/href  unsafe link scheme "javascript:"`,
    );
    // reported once, not again by the matrix
    expect(result.stdout.split('\n').filter((l) => l.includes('/footer/legalLinks/2/href'))).toHaveLength(1);
    // the dropped link is then seen by nobody
    expect(result.stdout).toMatch(/warning unseen-item {2}\/footer\/legalLinks\/2 {2}no audience sees "AGB"/);
    expect(SUMMARY.exec(result.stdout)?.[5]).toBe('1');
  });

  it('flags an internal link that matches no known route, with a hint', async () => {
    const dir = brokenCopy((t) => t.replace('"href": "/agb/"', '"href": "/agb"'));
    const written = readFileSync(path.join(dir, 'de-DE.json'), 'utf8');
    const result = await lint(['--dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `de-DE.json:${lineCol(written, '"/agb"')}  error unknown-route  /footer/legalLinks/2/href  internal link "/agb" renders as /de-de/agb, which matches no known route  (hint: content pages end with a slash: write "/agb/")`,
    );
  });

  it('a file that does not parse gets the validator’s message; the matrix does not run', async () => {
    const dir = brokenCopy((t) => t.replace('"locale": "de-DE",', '"locale": "de-DE"'));
    const result = await lint(['--dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/de-DE\.json:\d+:\d+ {2}\/ {2}malformed JSON: comma expected between entries/);
    expect(result.stdout).toContain('the matrix runs once every document validates (0 combinations checked)');
    expect(result.stdout).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it('--json gives the figures and every problem with file, line, pointer and audiences', async () => {
    const dir = brokenCopy(plantDropdown);
    const result = await lint(['--dir', dir, '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      ok: boolean;
      combinations: number;
      combinationsPerSecond: number;
      errors: number;
      locales: { locale: string; flags: string[] }[];
      problems: {
        severity: string;
        code: string;
        file: string;
        line: number;
        pointer: string;
        occurrences?: number;
        audiences?: { persona: string; page: string; flagsOn: string[] }[];
      }[];
    };
    expect(report.ok).toBe(false);
    expect(report.errors).toBe(1);
    expect(report.combinations).toBeGreaterThan(1000);
    expect(report.combinationsPerSecond).toBeGreaterThan(0);
    expect(report.locales.find((l) => l.locale === 'de-DE')?.flags).toContain('newDepositsPage');
    const dropdown = report.problems.find((p) => p.code === 'empty-dropdown')!;
    expect(dropdown).toMatchObject({
      severity: 'error',
      file: path.join(path.relative(process.cwd(), dir), 'de-DE.json'),
      line: expect.any(Number),
    });
    expect(dropdown.occurrences).toBeGreaterThan(0);
    for (const a of dropdown.audiences!) expect(a.flagsOn).not.toContain('newDepositsPage');
  });

  it.each([
    [['--dri', 'x'], 'unknown argument "--dri"'],
    [['--dir'], '--dir needs a path'],
    [['--dir', 'no/such/dir'], 'cannot read no/such/dir: ENOENT'],
  ])('refuses %j with usage and exit 2', async (args, message) => {
    const result = await lint(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});
