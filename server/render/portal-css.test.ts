/** The portal page's CSS that the server puts inline (docs/rendering.md#the-first-paint). */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readShellCss, SHELL_CSS_ENTRY } from '../../runtime/styles/shell-css';
import { REPO_ROOT } from '../test-support/seed-fixture';
import { compactCss, entryStylesheets, portalPageCss } from './portal-css';

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');
const tokens = (css: string) => withoutComments(css).replace(/\s+/g, '');

describe('the portal page CSS', () => {
  it('is the stylesheets the portal entry imports, in its order: the shell, then the page around it', () => {
    expect(entryStylesheets().map((file) => path.relative(REPO_ROOT, file))).toEqual([
      'runtime/styles/index.css',
      'runtime/host/portal-page.css',
    ]);
    expect(entryStylesheets()[0]).toBe(SHELL_CSS_ENTRY);
  });

  it('follows the entry: its CSS imports in their order, nothing else; none is a mistake said as one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-entry-'));
    try {
      const entry = path.join(dir, 'main.tsx');
      writeFileSync(
        entry,
        "import { x } from './x';\nimport '../shared/b.css';\nimport './a.css';\nimport './c.module.ts';\n",
      );
      expect(entryStylesheets(entry)).toEqual([path.resolve(dir, '../shared/b.css'), path.join(dir, 'a.css')]);
      writeFileSync(entry, "import { x } from './x';\n");
      expect(() => entryStylesheets(entry)).toThrow(/imports no stylesheet/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds every rule of those stylesheets, unchanged apart from comments and white space', () => {
    const sources = entryStylesheets()
      .map((file) => readShellCss(file))
      .join('\n');
    expect(tokens(portalPageCss())).toBe(tokens(sources));
    expect(portalPageCss()).not.toMatch(/\/\*|\n\s/);
    expect(portalPageCss()).toContain(':root');
    expect(portalPageCss()).toContain(
      readFileSync(path.join(REPO_ROOT, 'runtime/host/portal-page.css'), 'utf8').match(/min-height: 100dvh;/)![0],
    );
  });

  it('is safe to compact: no string in the stylesheets holds a comment opener or a line break', () => {
    const strings =
      withoutComments(
        entryStylesheets()
          .map((file) => readShellCss(file))
          .join('\n'),
      ).match(/"[^"]*"|'[^']*'/g) ?? [];
    expect(strings.length).toBeGreaterThan(0);
    for (const text of strings) expect(text, text).not.toMatch(/\/\*|\n/);
  });

  it('compacts without touching a rule', () => {
    expect(compactCss('/* a */\n  .a {\n    color: red; /* b */\n  }\n\n.b { margin: 0 }')).toBe(
      '.a {\ncolor: red;\n}\n.b { margin: 0 }',
    );
  });
});
