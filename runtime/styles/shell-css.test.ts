// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readShellCss, SHELL_CSS_ENTRY, ShellCssError, shellCssHash } from './shell-css';

const RUNTIME = resolve(dirname(SHELL_CSS_ENTRY), '..');

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Writes `files` (path → text) into a fresh folder and returns the folder. */
function folder(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'shell-css-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Every file the real index.css pulls in, in the order read, by following its @import lines. */
function importedFiles(file: string): string[] {
  const targets = [...readFileSync(file, 'utf8').matchAll(/^@import "([^"]+)";$/gm)].map((match) => resolve(dirname(file), match[1]!));
  return targets.flatMap((target) => [target, ...importedFiles(target)]);
}

function filesUnder(folderPath: string, keep: (name: string) => boolean): string[] {
  return readdirSync(folderPath, { recursive: true, encoding: 'utf8' })
    .filter(keep)
    .map((name) => join(folderPath, name));
}

describe('readShellCss', () => {
  it('replaces each @import line with the file it names, recursively, in the order written, paths relative to the importing file', () => {
    const root = folder({
      'styles/index.css': '/* list */\n@import "./a.css";\n@import \'../blocks/b.css\';\n.after {}\n',
      'styles/a.css': '.a {}\n',
      'blocks/b.css': '@import "./nested/c.css";\n.b {}\n',
      'blocks/nested/c.css': '.c {}\n',
    });
    expect(readShellCss(join(root, 'styles/index.css'))).toBe('/* list */\n.a {}\n\n.c {}\n\n.b {}\n\n.after {}\n');
  });

  it('names the importing file and the missing one when an @import points nowhere', () => {
    const root = folder({ 'styles/index.css': '@import "./tokens.css";\n@import "../Footer/footr.css";\n', 'styles/tokens.css': ':root {}\n' });
    const read = () => readShellCss(join(root, 'styles/index.css'));
    expect(read).toThrow(ShellCssError);
    expect(read).toThrow(`${relative(process.cwd(), join(root, 'styles/index.css'))} imports ${relative(process.cwd(), join(root, 'Footer/footr.css'))}, which does not exist`);
  });

  it('refuses an @import it cannot inline instead of passing it to a page that cannot follow it', () => {
    const root = folder({ 'index.css': '@import url("https://fonts.example/x.css");\n' });
    expect(() => readShellCss(join(root, 'index.css'))).toThrow(/cannot be inlined: @import url\("https:\/\/fonts\.example\/x\.css"\);/);
  });

  it('refuses a file that imports itself through another', () => {
    const root = folder({ 'index.css': '@import "./a.css";\n', 'a.css': '@import "./index.css";\n' });
    expect(() => readShellCss(join(root, 'index.css'))).toThrow(/index\.css imports itself through .*index\.css → .*a\.css → .*index\.css/);
  });
});

describe("the shell's stylesheets", () => {
  const listed = importedFiles(SHELL_CSS_ENTRY);

  it('read into one string with no @import left, tokens and reset first', () => {
    const css = readShellCss();
    expect(css).not.toMatch(/^\s*@import/m);
    expect(listed.slice(0, 2).map((file) => relative(RUNTIME, file))).toEqual(['styles/tokens.css', 'styles/reset.css']);
    expect(css.indexOf('--ps-colors-fg:')).toBeLessThan(css.indexOf('.ps-root {'));
  });

  it('are each listed once in index.css, and every stylesheet of a component is listed', () => {
    expect(new Set(listed).size).toBe(listed.length);
    const componentSheets = filesUnder(join(RUNTIME, 'components'), (name) => name.endsWith('.css') && !name.endsWith('.module.css'));
    expect(componentSheets.filter((file) => !listed.includes(file)).map((file) => relative(RUNTIME, file))).toEqual([]);
  });

  it('hash to 16 hex characters of their sha256, so a change of one byte names a new file', () => {
    const css = readShellCss();
    expect(shellCssHash(css)).toMatch(/^[0-9a-f]{16}$/);
    expect(createHash('sha256').update(css).digest('hex').startsWith(shellCssHash(css))).toBe(true);
    expect(shellCssHash(`${css} `)).not.toBe(shellCssHash(css));
  });
});
