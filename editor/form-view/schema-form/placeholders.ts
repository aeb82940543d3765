/**
 * The help a UI text's field shows about its placeholders (docs/editor-form.md#ui-strings). Which placeholders a
 * text takes is the validator's fact (schemas/validator/text-placeholders.ts), and the validator reports a dropped
 * or invented one, shown at the field like any other problem. Pure; no React.
 */
import { TEXT_PLACEHOLDERS } from '../../../schemas/validator/text-placeholders';

const list = (names: readonly string[]) => names.map((n) => `{${n}}`).join(', ');

/** The helper line a text field with placeholders shows. */
export function placeholderHelp(pointer: string): string | undefined {
  const allowed = TEXT_PLACEHOLDERS[pointer];
  if (!allowed) return undefined;
  return `Keep ${list(allowed)} exactly as written: ${allowed.length === 1 ? 'it is' : 'they are'} replaced when the text is shown.`;
}
