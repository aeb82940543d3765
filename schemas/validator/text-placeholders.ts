/**
 * The {name} placeholders each UI text holds, as the runtime fills them (`fillTemplate` in runtime/resolver/display.ts
 * leaves an unknown one visible, so a customer would read "{anzahl}"). The one home of this fact: the validator checks
 * every locale's texts against it (semantic-checks.ts), and the editor's form shows it as help at the field.
 */

/** Per JSON pointer: the placeholders the runtime replaces there. A text under /strings not listed takes none. */
export const TEXT_PLACEHOLDERS: Readonly<Record<string, readonly string[]>> = {
  '/strings/header/unreadMessages': ['count'],
  '/strings/header/copy': ['label'],
  '/strings/footer/reviews': ['score', 'count'],
  '/strings/banner/text': ['market'],
  '/strings/session/countdownText': ['time'],
  '/footer/copyright': ['year'],
};

/** Whether the text at `pointer` is one whose placeholders are checked: every UI string, and the copyright. */
export function checksPlaceholders(pointer: string): boolean {
  return pointer in TEXT_PLACEHOLDERS || pointer.startsWith('/strings/');
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholder names in `text`, each once, in order. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}
