import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: comments and docs cite documents that are in it (docs/rules.md#contents,
 * docs/architecture.md#practices), and every cited heading exists. A citation of a document the reader does not
 * have (a numbered section of an outside spec, a style guide, a work item) says nothing to a maintainer.
 */

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['runtime', 'editor', 'server', 'schemas', 'mocks', 'scripts', 'tests', 'bench', 'config', 'docs'];
const TEXT_FILE = /\.(ts|tsx|js|mjs|json|md)$/;
const THIS_FILE = relative(ROOT, import.meta.filename);

/** The repository's files as git sees them (tracked, or new and not ignored), so build output and bench results are not read. */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path !== '' && path !== THIS_FILE && existsSync(join(ROOT, path)))
  .filter((path) =>
    path.includes('/') ? SOURCE_DIRS.includes(path.split('/')[0]!) && TEXT_FILE.test(path) : /\.(ts|js|md)$/.test(path),
  );

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string> | undefined>();
function anchorsOf(path: string): Set<string> | undefined {
  if (!anchorCache.has(path)) {
    let text: string | undefined;
    try {
      text = readFileSync(join(ROOT, path), 'utf8');
    } catch {
      text = undefined;
    }
    anchorCache.set(path, text === undefined ? undefined : headingAnchors(text));
  }
  return anchorCache.get(path);
}

interface Citation {
  at: string;
  target: string;
  anchor: string;
}

/** `docs/x.md#anchor` anywhere, and in Markdown also `](x.md#anchor)` and `](#anchor)` relative to the file. */
function citations(path: string, text: string): Citation[] {
  const out: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    const at = `${path}:${index + 1}`;
    for (const m of line.matchAll(/(?<![\w/.-])docs\/([\w-]+\.md)#([\w-]+)/g))
      out.push({ at, target: `docs/${m[1]}`, anchor: m[2]! });
    if (!path.endsWith('.md')) return;
    for (const m of line.matchAll(/\]\(([^)\s#]*\.md)?#([^)\s]+)\)/g)) {
      const target = m[1] ? relative(ROOT, resolve(ROOT, dirname(path), m[1])) : path;
      out.push({ at, target, anchor: m[2]! });
    }
  });
  return out;
}

/** A section number of an outside document (RFC sections excepted), a style guide, or a work item ("issue 7", "the issue asks"). */
const OUTSIDE_CITATION =
  /\bSPEC\b|\bSTYLE(\.md)?\s*§|STYLE\.md|\b[Ii]ssue \d+\b|\b[Tt]he issue\b|\bin the issue\b|(?<!RFC \d+ )§/;

describe('citations in comments and docs', () => {
  it('finds the files it checks', () => {
    expect(files).toContain('docs/rules.md');
    expect(files).toContain('runtime/resolver/resolve-header.ts');
    expect(files).toContain('eslint.config.js');
  });

  it('reads GitHub anchors the way GitHub writes them', () => {
    const md =
      '# Business rules\n## Account menu\n### `POST /api/documents/:id/publish` — publish the draft (editor)\n```\n# not a heading\n```\n## Account menu\n';
    expect([...headingAnchors(md)]).toEqual([
      'business-rules',
      'account-menu',
      'post-apidocumentsidpublish--publish-the-draft-editor',
      'account-menu-1',
    ]);
  });

  it('every cited docs heading exists', () => {
    const broken = files.flatMap((path) =>
      citations(path, readFileSync(join(ROOT, path), 'utf8'))
        .filter((c) => !anchorsOf(c.target)?.has(c.anchor))
        .map((c) => `${c.at}: ${c.target}#${c.anchor} (${anchorsOf(c.target) ? 'no such heading' : 'no such file'})`),
    );
    expect(broken, 'fix the anchor, or add the heading the comment means').toEqual([]);
  });

  it('no comment or doc cites a document the repository does not have', () => {
    const outside = files.flatMap((path) =>
      readFileSync(join(ROOT, path), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          OUTSIDE_CITATION.test(line) ? [`${path}:${index + 1}: ${line.trim().slice(0, 120)}`] : [],
        ),
    );
    expect(outside, 'cite docs/rules.md or docs/architecture.md#practices, or state the reason in place').toEqual([]);
  });
});
