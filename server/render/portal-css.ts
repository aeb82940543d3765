/**
 * The portal page's stylesheet as one string, for the server render to put inline into the pages it writes
 * (docs/rendering.md#the-first-paint): the stylesheets the portal's entry module imports, in its order, each with
 * its @imports inlined as readShellCss does for the fragments. Derived from the entry's import lines, so a
 * stylesheet added to the portal reaches the server-rendered pages without a second list.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readShellCss } from '../../runtime/styles/shell-css';

/** The portal's entry module: its `import '….css';` lines are the page's stylesheets (docs/architecture.md#styling). */
export const PORTAL_ENTRY = fileURLToPath(new URL('../../runtime/host/main.tsx', import.meta.url));

/** `import './x.css';` or `import "../x.css";` on a line of its own: how main.tsx imports its stylesheets. */
const CSS_IMPORT_LINE = /^import\s+(["'])(\.{1,2}\/[^"']+\.css)\1;\s*$/gm;

/** The stylesheet files `entry` imports, in its order, as absolute paths. */
export function entryStylesheets(entry: string = PORTAL_ENTRY): string[] {
  const files = [...readFileSync(entry, 'utf8').matchAll(CSS_IMPORT_LINE)].map((match) =>
    resolve(dirname(entry), match[2]!),
  );
  if (files.length === 0)
    throw new Error(
      `${entry} imports no stylesheet: the server-rendered portal pages would have none; import runtime/styles/index.css there`,
    );
  return files;
}

/**
 * Comments and indentation dropped, line breaks kept: no rule changes, since the portal's stylesheets hold no
 * string with `/*` or a line break in it (server/render/portal-css.test.ts checks).
 */
export function compactCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

let cached: string | undefined;

/** The portal page's CSS (read once per process: the stylesheets change only with a release). */
export function portalPageCss(): string {
  cached ??= compactCss(
    entryStylesheets()
      .map((file) => readShellCss(file))
      .join('\n'),
  );
  return cached;
}
