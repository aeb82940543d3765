import { formatProblem, type Problem } from '../../schemas/validator';

/** One line of the problem list: where (pointer, line:col), what, how to fix, and where a click goes. */
export interface ProblemRow {
  key: string;
  code: Problem['code'];
  pointer: string;
  location: string;
  line: number;
  column: number;
  message: string;
  hint?: string;
  /** The validator's one-line form, used as the accessible description and for copying. */
  summary: string;
}

export function toProblemRows(problems: readonly Problem[]): ProblemRow[] {
  return problems.map((p, index) => ({
    key: `${index}:${p.code}:${p.pointer}:${p.line}:${p.column}`,
    code: p.code,
    pointer: p.pointer || '/',
    location: `${p.line}:${p.column}`,
    line: p.line,
    column: p.column,
    message: p.message,
    ...(p.hint ? { hint: p.hint } : {}),
    summary: formatProblem(p),
  }));
}

/** The reason shown where a save is blocked; undefined when nothing blocks it. */
export function saveBlockReason(problemCount: number): string | undefined {
  if (problemCount === 0) return undefined;
  return `Saving is blocked: the draft has ${problemCount} problem${problemCount === 1 ? '' : 's'}. Fix ${problemCount === 1 ? 'it' : 'them'} first (see the problem list).`;
}
