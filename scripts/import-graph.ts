/**
 * The repository's import graph and its cycles (docs/architecture.md#boundaries), at two levels:
 *  - files: a file that reaches itself through its imports, type-only imports included (a type cycle is
 *    still two files that can only be understood together; import-x/no-cycle skips those);
 *  - modules (a folder with its sub-folders): two folders, neither inside the other, whose code imports
 *    each other even when no single file cycle exists. Tests and __fixtures__ are leaves nobody imports,
 *    so they add no module edges.
 * Only relative specifiers are followed: packages cannot import back into the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Repository-relative posix path → source text. */
export type SourceFiles = ReadonlyMap<string, string>;

export interface ImportEdge {
  from: string;
  to: string;
}

export interface Cycle {
  level: 'file' | 'module';
  /** The files or folders in the cycle, sorted. */
  members: string[];
  /** For a module cycle, one import per folder-to-folder edge, so the reader sees where to cut. */
  edges: ImportEdge[];
}

const SOURCE = /\.(ts|tsx)$/;
const LEAF = /(\.test\.tsx?$|\.spec\.tsx?$|(^|\/)__fixtures__\/)/;
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The repository's .ts/.tsx files under `roots` (node_modules and dist skipped). */
export function readSources(repoRoot: string, roots: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (relDir: string) => {
    for (const entry of readdirSync(path.join(repoRoot, relDir), { withFileTypes: true })) {
      const rel = path.posix.join(relDir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist') walk(rel);
      else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
        files.set(rel, readFileSync(path.join(repoRoot, rel), 'utf8'));
    }
  };
  for (const root of roots) walk(root);
  return files;
}

/** Every import, re-export and dynamic import() between the given files, resolved as the bundler does. */
export function importEdges(files: SourceFiles): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const [file, text] of files) {
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.replace(/\.js$/, '')));
      const to = CANDIDATES.map((ending) => base + ending).find((candidate) => files.has(candidate));
      if (to && to !== file) edges.push({ from: file, to });
    }
  }
  return edges;
}

/** Strongly connected components of more than one node (Tarjan), each sorted. */
function cyclicComponents(nodes: Iterable<string>, next: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return components;
}

function adjacency(edges: readonly ImportEdge[]): Map<string, Set<string>> {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) next.set(from, (next.get(from) ?? new Set()).add(to));
  return next;
}

/** The same folder, or one inside the other: a sub-folder is part of its parent's module (runtime/components/Header). */
function nested(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

export function findCycles(files: SourceFiles): Cycle[] {
  const edges = importEdges(files);
  const fileCycles = cyclicComponents(files.keys(), adjacency(edges)).map((members): Cycle => ({
    level: 'file',
    members,
    edges: edges.filter(({ from, to }) => members.includes(from) && members.includes(to)),
  }));

  const moduleEdges = new Map<string, ImportEdge>();
  for (const { from, to } of edges) {
    if (LEAF.test(from)) continue;
    const edge = { from: path.posix.dirname(from), to: path.posix.dirname(to) };
    if (nested(edge.from, edge.to) || moduleEdges.has(`${edge.from}→${edge.to}`)) continue;
    moduleEdges.set(`${edge.from}→${edge.to}`, { from, to });
  }
  const folderEdges = [...moduleEdges.keys()].map((key) => {
    const [from, to] = key.split('→') as [string, string];
    return { from, to };
  });
  const moduleCycles = cyclicComponents(new Set(folderEdges.map((edge) => edge.from)), adjacency(folderEdges)).map(
    (members): Cycle => ({
      level: 'module',
      members,
      edges: [...moduleEdges.entries()]
        .filter(([key]) => members.includes(key.split('→')[0]!) && members.includes(key.split('→')[1]!))
        .map(([, edge]) => edge),
    }),
  );
  return [...fileCycles, ...moduleCycles];
}

/** How a cycle is named in lists: its members joined by " ↔ ". */
export function cycleKey(cycle: Cycle): string {
  return cycle.members.join(' ↔ ');
}

/** One paragraph per cycle: what, where, and what to do. */
export function describeCycle(cycle: Cycle): string {
  const imports = cycle.edges.map(({ from, to }) => `  ${from} imports ${to}`).join('\n');
  const what =
    cycle.level === 'file'
      ? `files ${cycle.members.join(', ')} import each other`
      : `folders ${cycle.members.join(', ')} import each other`;
  return `import cycle: ${what}:\n${imports}\n  Move what both sides need into the module that owns it (or a new one both import), so imports go one way (docs/architecture.md#boundaries).`;
}

/** What the check reports: every cycle `known` does not list, and every listed one that is gone. */
export function cycleProblems(cycles: readonly Cycle[], known: Readonly<Record<string, string>>): string[] {
  const found = new Set(cycles.map(cycleKey));
  return [
    ...cycles.filter((cycle) => !Object.hasOwn(known, cycleKey(cycle))).map(describeCycle),
    ...Object.keys(known)
      .filter((key) => !found.has(key))
      .map(
        (key) =>
          `known import cycle ${key} is gone: delete its entry from KNOWN_CYCLES in scripts/cycle-baseline.ts, so it cannot come back`,
      ),
  ];
}
