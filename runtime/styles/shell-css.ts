import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shell's stylesheet as one string, for Node: the server render and the publish-time fragments put it in a
 * page or a file, where no bundler follows @import (docs/architecture.md#styling). Browser builds import
 * runtime/styles/index.css instead, which Vite inlines the same way. Node only: it reads files.
 */

/** The one list of the shell's stylesheets, in cascade order. */
export const SHELL_CSS_ENTRY = fileURLToPath(new URL('./index.css', import.meta.url));

/** `@import "x.css";` or `@import 'x.css';` on a line of its own: the only form the shell's stylesheets use. */
const IMPORT_LINE = /^[ \t]*@import\s+(["'])([^"']+)\1\s*;[ \t]*$/gm;
/** Any other @import (url(), a media list, a layer) would need more than inlining, so it is refused. */
const ANY_IMPORT = /^[ \t]*@import\b.*$/gm;

export class ShellCssError extends Error {
  override name = 'ShellCssError';
}

/**
 * Reads `entry` (by default runtime/styles/index.css) with every `@import "…";` replaced by the imported file's
 * text, recursively, paths relative to the importing file, in the order written. Throws a ShellCssError naming the
 * importing file and the missing one, an @import it cannot inline, or a file that imports itself through others.
 */
export function readShellCss(entry: string = SHELL_CSS_ENTRY): string {
  return inline(resolve(entry), []);
}

/** `importers`: the files whose @import lines led here, outermost first. */
function inline(file: string, importers: string[]): string {
  if (importers.includes(file)) {
    throw new ShellCssError(
      `${shown(file)} imports itself through ${[...importers.slice(importers.indexOf(file)), file].map(shown).join(' → ')}; remove one of those @import lines`,
    );
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const importer = importers.at(-1);
    throw new ShellCssError(
      importer
        ? `${shown(importer)} imports ${shown(file)}, which does not exist; fix the path in its @import line (relative to ${shown(dirname(importer))}) or remove the line`
        : `the shell's stylesheet ${shown(file)} does not exist`,
    );
  }
  const unsupported = (text.match(ANY_IMPORT) ?? []).find((line) => !new RegExp(IMPORT_LINE.source).test(line));
  if (unsupported) {
    throw new ShellCssError(
      `${shown(file)} has an @import that cannot be inlined: ${unsupported.trim()}; write it as @import "relative/path.css"; on a line of its own`,
    );
  }
  return text.replace(IMPORT_LINE, (_line, _quote, target: string) =>
    inline(resolve(dirname(file), target), [...importers, file]),
  );
}

function shown(file: string): string {
  return relative(process.cwd(), file) || file;
}

/**
 * 16 hex characters of the CSS's sha256: the same content hash that names the published configs (contentHash in
 * server/storage/published-config.ts, which the runtime may not import), so a stylesheet file named by it can be
 * cached forever.
 */
export function shellCssHash(css: string): string {
  return createHash('sha256').update(css, 'utf8').digest('hex').slice(0, 16);
}
