import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { breakpoints } from '../theme/breakpoints';
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
  const targets = [...readFileSync(file, 'utf8').matchAll(/^@import "([^"]+)";$/gm)].map((match) =>
    resolve(dirname(file), match[1]!),
  );
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
    const root = folder({
      'styles/index.css': '@import "./tokens.css";\n@import "../Footer/footr.css";\n',
      'styles/tokens.css': ':root {}\n',
    });
    const read = () => readShellCss(join(root, 'styles/index.css'));
    expect(read).toThrow(ShellCssError);
    expect(read).toThrow(
      `${relative(process.cwd(), join(root, 'styles/index.css'))} imports ${relative(process.cwd(), join(root, 'Footer/footr.css'))}, which does not exist`,
    );
  });

  it('refuses an @import it cannot inline instead of passing it to a page that cannot follow it', () => {
    const root = folder({ 'index.css': '@import url("https://fonts.example/x.css");\n' });
    expect(() => readShellCss(join(root, 'index.css'))).toThrow(
      /cannot be inlined: @import url\("https:\/\/fonts\.example\/x\.css"\);/,
    );
  });

  it('refuses a file that imports itself through another', () => {
    const root = folder({ 'index.css': '@import "./a.css";\n', 'a.css': '@import "./index.css";\n' });
    expect(() => readShellCss(join(root, 'index.css'))).toThrow(
      /index\.css imports itself through .*index\.css → .*a\.css → .*index\.css/,
    );
  });
});

describe("the shell's stylesheets", () => {
  const listed = importedFiles(SHELL_CSS_ENTRY);

  it('read into one string with no @import left, tokens and reset first', () => {
    const css = readShellCss();
    expect(css).not.toMatch(/^\s*@import/m);
    expect(listed.slice(0, 2).map((file) => relative(RUNTIME, file))).toEqual([
      'styles/tokens.css',
      'styles/reset.css',
    ]);
    expect(css.indexOf('--ps-colors-fg:')).toBeLessThan(css.indexOf('.ps-root {'));
  });

  it('are each listed once in index.css, and every stylesheet of a component is listed', () => {
    expect(new Set(listed).size).toBe(listed.length);
    const componentSheets = filesUnder(
      join(RUNTIME, 'components'),
      (name) => name.endsWith('.css') && !name.endsWith('.module.css'),
    );
    expect(componentSheets.filter((file) => !listed.includes(file)).map((file) => relative(RUNTIME, file))).toEqual([]);
  });

  it('hash to 16 hex characters of their sha256, so a change of one byte names a new file', () => {
    const css = readShellCss();
    expect(shellCssHash(css)).toMatch(/^[0-9a-f]{16}$/);
    expect(createHash('sha256').update(css).digest('hex').startsWith(shellCssHash(css))).toBe(true);
    expect(shellCssHash(`${css} `)).not.toBe(shellCssHash(css));
  });
});

describe('what the stylesheets refer to', () => {
  const css = readShellCss();
  /** Custom properties defined anywhere in the shell's CSS, in their escaped spelling (--ps-spacing-0\\.5). */
  const defined = new Set([...css.matchAll(/(--[\w\\.-]+)\s*:/g)].map((match) => match[1]));

  it('uses only --ps- variables that tokens.css or a block defines, or a component sets inline', () => {
    const used = new Set([...css.matchAll(/var\(\s*(--ps-[\w\\.-]+)/g)].map((match) => match[1]!));
    const components = filesUnder(
      join(RUNTIME, 'components'),
      (name) => name.endsWith('.tsx') || name.endsWith('.ts'),
    ).map((file) => readFileSync(file, 'utf8'));
    const setInline = (name: string) => components.some((source) => source.includes(`'${name}'`));
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((name) => !defined.has(name) && !setInline(name))).toEqual([]);
  });

  it('uses only the keyframes it defines', () => {
    const keyframes = new Set([...css.matchAll(/@keyframes\s+([\w-]+)/g)].map((match) => match[1]));
    const animated = [...css.matchAll(/animation(?:-name)?\s*:\s*([\w-]+)/g)].map((match) => match[1]!);
    expect(animated.filter((name) => !keyframes.has(name))).toEqual([]);
  });

  it('switches layouts up at the breakpoints of runtime/theme/breakpoints.ts only', () => {
    const widths = [...css.matchAll(/@media[^{]*\(min-width:\s*([^)]+)\)/g)].map((match) => match[1]!.trim());
    expect(widths.length).toBeGreaterThan(0);
    expect(widths.filter((width) => !Object.values<string>(breakpoints).includes(width))).toEqual([]);
  });
});

describe('components import no CSS and no CSS-in-JS library', () => {
  const sourceFiles = filesUnder(RUNTIME, (name) => /\.tsx?$/.test(name));

  it('no file under runtime/components imports a stylesheet', () => {
    const importsCss = (file: string) =>
      /^\s*import\s[^;]*?['"][^'"]+\.css(\?[^'"]*)?['"]/m.test(readFileSync(file, 'utf8'));
    expect(
      sourceFiles
        .filter((file) => file.includes('/components/') && importsCss(file))
        .map((file) => relative(RUNTIME, file)),
    ).toEqual([]);
  });

  it('no file under runtime/ imports @chakra-ui or @emotion', () => {
    const importsCssInJs = (file: string) => /from\s+['"]@(chakra-ui|emotion)\//.test(readFileSync(file, 'utf8'));
    expect(sourceFiles.filter(importsCssInJs).map((file) => relative(RUNTIME, file))).toEqual([]);
  });

  it('and the lint says so, with the reason', async () => {
    const eslint = new ESLint({ cwd: process.cwd() });
    const messages = async (filePath: string, source: string) =>
      (await eslint.lintText(`${source}\nexport const used = [value];\n`, { filePath }))[0]!.messages.map(
        (message) => message.message,
      );
    expect(await messages('runtime/components/Footer/probe.tsx', "import './footer.css';\nconst value = 1;")).toEqual([
      expect.stringContaining('components import no CSS'),
    ]);
    // Spelt in two parts, so the scan above does not find this file.
    expect(await messages('runtime/host/probe.ts', `import { Box as value } from '${'@chakra-ui'}/react';`)).toEqual([
      expect.stringContaining('a CSS-in-JS library'),
    ]);
    expect(await messages('runtime/host/probe.ts', "import '../styles/index.css';\nconst value = 1;")).toEqual([]);
  });
});
