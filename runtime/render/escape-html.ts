/**
 * Escaping for the HTML the server writes around React's output (head tags, the embedded state).
 * React escapes what it renders; these cover the strings written by hand.
 */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or a double-quoted attribute value: every character HTML gives a meaning to is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON inside a <script> element: `<` becomes \u003c, so no `</script>` or `<!--` in a config string can end the
 * element early, and U+2028/U+2029 are escaped for engines that read JSON as script.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
