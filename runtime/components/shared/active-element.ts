/**
 * The focused element as seen from `node`'s own tree. Inside a shadow root (the custom elements,
 * docs/embedding.md#custom-elements) `document.activeElement` is the host element, not the control inside it.
 */
export function activeElementOf(node: Node | null | undefined): Element | null {
  const root = node?.getRootNode();
  if (root instanceof ShadowRoot || root instanceof Document) return root.activeElement;
  return document.activeElement;
}
