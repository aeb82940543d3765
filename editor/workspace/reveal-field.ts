/**
 * Brings a field into view by scrolling only the box that scrolls it (the form's own scroller), never the page:
 * scrolling the page would move the preview beside the form, and when the focus follows a click in the preview
 * (docs/editor-workspace.md#visual-editing) the item would slide away under the pointer between press and release.
 * The field is placed within the part of that box the viewport shows. Without a scrolling box the browser's own
 * scrollIntoView is used.
 */
export function revealField(element: HTMLElement, block: 'center' | 'nearest' = 'center'): void {
  const scroller = scrollingAncestor(element);
  if (!scroller) {
    element.scrollIntoView?.({ block });
    return;
  }
  const box = scroller.getBoundingClientRect();
  const top = Math.max(box.top, 0);
  const bottom = Math.min(box.bottom, window.innerHeight);
  // The box is wholly off screen (scrolled past, or below the fold): the page has to move after all.
  if (bottom <= top) {
    element.scrollIntoView?.({ block });
    return;
  }
  const field = element.getBoundingClientRect();
  let delta = 0;
  if (block === 'center') delta = field.top + field.height / 2 - (top + bottom) / 2;
  else if (field.top < top) delta = field.top - top;
  else if (field.bottom > bottom) delta = Math.min(field.bottom - bottom, field.top - top);
  if (delta !== 0) scroller.scrollTop += delta;
}

/** Focuses a field and reveals it as above; focus() itself would scroll every ancestor, the page included. */
export function focusField(element: HTMLElement, block: 'center' | 'nearest' = 'center'): void {
  element.focus({ preventScroll: true });
  revealField(element, block);
}

function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  for (
    let node = element.parentElement;
    node && node !== document.body && node !== document.documentElement;
    node = node.parentElement
  ) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}
