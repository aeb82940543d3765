import type { Problem } from '../../schemas/validator';

/**
 * What a list of problems shows at the form's fields: where, which check and what it says, without the line
 * and column that move as text is typed above them. Two lists that say the same need no new validation of the
 * form (docs/editor-typing.md#the-fixes).
 */
export function problemsSaid(problems: readonly Problem[]): string {
  return JSON.stringify(problems.map((p) => [p.pointer, p.code, p.message, p.hint ?? '']));
}
