/**
 * The shell's CSS inside each element's shadow root (docs/embedding.md#style-isolation). One constructed
 * stylesheet is shared by every element on the page (adoptedStyleSheets), so ten elements parse the rules once.
 *
 * `:host { all: initial }` cuts inheritance at the element: a host page's `* { font: 20px serif }` or
 * `body { color: red }` reaches the element itself, never its shadow tree, whose .ps-root sets its own font
 * and colour. The tokens are declared on `:root, :host` (runtime/styles/tokens.css), so inside the shadow tree
 * they land on the element and nothing is declared on the host page's :root.
 */
export const HOST_RULES = ':host { all: initial; display: block; } :host([hidden]) { display: none; }';

let shared: CSSStyleSheet | undefined;

/** Gives `root` the host rules and `shellCss`. */
export function adoptShellStyles(root: ShadowRoot, shellCss: string): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    if (!shared) {
      shared = new CSSStyleSheet();
      shared.replaceSync(`${HOST_RULES}\n${shellCss}`);
    }
    if (!root.adoptedStyleSheets.includes(shared)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, shared];
    return;
  }
  // Browsers without constructable stylesheets (Safari before 16.4): a <style> per element.
  const style = document.createElement('style');
  style.textContent = `${HOST_RULES}\n${shellCss}`;
  root.prepend(style);
}
