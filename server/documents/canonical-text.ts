/**
 * What a saved draft's text is: the content pretty-printed, so a 422's line numbers match what the
 * editor shows. It runs in the validation thread (validation-thread.ts): indentation multiplies a
 * deeply nested body many times over (0.5 MB of rules nested 59 levels is ~8 MB of text), and
 * printing that on the event loop held it past its budget (server/http/hostile-bodies.hardening.test.ts).
 */
export function canonicalText(content: unknown): string {
  return `${JSON.stringify(content, null, 2)}\n`;
}
