import { formatProblem, type Problem } from '../../schemas/validator/problem';

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
  /** Where a click goes in the form view: the pointer, or for a missing key the pointer of that key's field. */
  target: string;
}

const MISSING_KEY = /^missing required key "(.+)"$/;

/**
 * The field a problem belongs to. The schema reports a missing key at the object that lacks it; the form has
 * an (empty) field for that key, which is where the fix goes.
 */
export function fieldPointerOf(problem: Pick<Problem, 'pointer' | 'message'>): string {
  const missing = MISSING_KEY.exec(problem.message);
  return missing ? `${problem.pointer}/${missing[1]!.replace(/~/g, '~0').replace(/\//g, '~1')}` : problem.pointer;
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
    target: fieldPointerOf(p),
  }));
}

/** The reason shown where a save is blocked; undefined when nothing blocks it. */
export function saveBlockReason(problemCount: number): string | undefined {
  if (problemCount === 0) return undefined;
  return `Saving is blocked: the draft has ${problemCount} problem${problemCount === 1 ? '' : 's'}. Fix ${problemCount === 1 ? 'it' : 'them'} first (see the problem list).`;
}
