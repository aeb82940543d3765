/**
 * The size figures of docs/architecture.md#size-budgets, computed from source text alone so a test can feed it
 * small files: each folder's share of the code, the files and the functions that grew past their budget, and the
 * imports that point from application code into test support.
 */
import ts from 'typescript';
import { importEdges, type SourceFiles } from './import-graph';

export const BUDGETS = { fileLines: 400, functionLines: 100, editorShare: 0.25 } as const;

/** Tests, their fixtures and the browser suites: what the budgets do not count as code. */
const TEST_CODE = /(\.test\.tsx?$|\.spec\.tsx?$|(^|\/)__fixtures__\/|^tests\/)/;
/** Written by a generator (npm run gen:types), so its size is the schema's, not a person's. */
const GENERATED = /^schemas\/generated\//;
/** Folders of tools that run the app from outside: they may use test support. */
const TOOLS = /^(bench|scripts|tests|harness)\//;
/** Support that only tests and benches may import (docs/architecture.md#boundaries). */
const TEST_SUPPORT = /(^harness\/|\/test-support\/|(^|\/)__fixtures__\/|\.test\.tsx?$|\.spec\.tsx?$)/;

export interface Located {
  file: string;
  name: string;
  lines: number;
}

export interface StructureReport {
  /** Lines of code per top-level folder, tests and generated files left out. */
  linesByFolder: Map<string, number>;
  codeLines: number;
  longFiles: Located[];
  longFunctions: Located[];
  /** Application code importing test support: `from → to`. */
  wrongWay: string[];
}

const isCode = (file: string) => !TEST_CODE.test(file) && !GENERATED.test(file);
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** A readable name for a function node: its declared name, or the variable, property or method it is bound to. */
function functionName(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (parent && ts.isCallExpression(parent)) return `${functionName(parent)}(callback)`;
  return '(anonymous)';
}

/** Every function, method and arrow function in `text` longer than `limit` lines, nested ones included. */
export function longFunctionsIn(file: string, text: string, limit: number = BUDGETS.functionLines): Located[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Located[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > limit) found.push({ file, name: functionName(node), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function structureReport(files: SourceFiles): StructureReport {
  const linesByFolder = new Map<string, number>();
  const longFiles: Located[] = [];
  const longFunctions: Located[] = [];
  for (const [file, text] of files) {
    if (!isCode(file)) continue;
    const lines = lineCount(text);
    const folder = file.split('/')[0]!;
    linesByFolder.set(folder, (linesByFolder.get(folder) ?? 0) + lines);
    if (lines > BUDGETS.fileLines) longFiles.push({ file, name: '', lines });
    longFunctions.push(...longFunctionsIn(file, text));
  }
  const wrongWay = importEdges(files)
    .filter(({ from, to }) => isCode(from) && !TOOLS.test(from) && !TEST_SUPPORT.test(from) && TEST_SUPPORT.test(to))
    .map(({ from, to }) => `${from} → ${to}`);
  const byLines = (a: Located, b: Located) => b.lines - a.lines;
  return {
    linesByFolder,
    codeLines: [...linesByFolder.values()].reduce((sum, lines) => sum + lines, 0),
    longFiles: longFiles.sort(byLines),
    longFunctions: longFunctions.sort(byLines),
    wrongWay,
  };
}
