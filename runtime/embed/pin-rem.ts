/**
 * rem always reads the document's root font size, which the host page owns: `html { font-size: 62.5% }` or
 * `* { font: 20px serif }` would resize an embedded header by 0.625 or 1.25. The embed therefore pins rem to
 * the browser default (16px) in its own copy of the shell CSS, as the tokens do with --ps-rem on :host
 * (runtime/styles/tokens.css). At-rule preludes (@media, @container, @supports) keep their rem: there rem is
 * the initial font size already, and a length in px would change the breakpoints for readers who enlarged theirs.
 */
const REM_PX = 16;

export function pinRem(css: string): string {
  return css.replace(
    /(@(?:media|container|supports)[^{]*)|(-?(?:\d+\.\d+|\.\d+|\d+))rem\b/g,
    (match, prelude: string | undefined, value: string | undefined) =>
      prelude !== undefined ? prelude : `${Number((Number(value) * REM_PX).toFixed(4))}px`,
  );
}
