import { useEffect, useRef, type RefObject } from 'react';

export interface DismissOptions {
  open: boolean;
  /** Elements that count as inside: typically the wrapper holding the trigger and its panel. */
  insideRefs: RefObject<HTMLElement | null>[];
  /** Receives focus again after Escape (WAI-ARIA disclosure pattern). */
  triggerRef: RefObject<HTMLElement | null>;
  onDismiss: () => void;
  /** Close when keyboard focus moves to an element outside (desktop dropdowns). Default true. */
  closeOnFocusOut?: boolean;
}

/**
 * Closing rules shared by every dropdown: a pointer press outside, Escape (focus goes back to the
 * trigger), and focus leaving. Listeners exist only while open, so closed dropdowns cost nothing.
 */
export function useDismiss({ open, insideRefs, triggerRef, onDismiss, closeOnFocusOut = true }: DismissOptions): void {
  // The latest values are read through a ref so the listeners are not re-attached on every render.
  const latest = useRef({ insideRefs, triggerRef, onDismiss });
  latest.current = { insideRefs, triggerRef, onDismiss };

  useEffect(() => {
    if (!open) return;
    const isInside = (target: EventTarget | null): boolean =>
      target instanceof Node && latest.current.insideRefs.some((ref) => ref.current?.contains(target) ?? false);

    // Inside a shadow root (the custom elements, docs/embedding.md#style-isolation) a document listener sees the
    // host element as the target; the composed path's first entry is the element actually pressed.
    const onPointerDown = (event: Event) => {
      if (!isInside(event.composedPath()[0] ?? event.target)) latest.current.onDismiss();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      latest.current.onDismiss();
      latest.current.triggerRef.current?.focus();
    };
    // relatedTarget is null when a click lands on non-focusable content (even inside the panel);
    // that case is left to the pointer rule, otherwise reading the panel text would close it.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null && !isInside(event.relatedTarget)) latest.current.onDismiss();
    };

    const containers = latest.current.insideRefs
      .map((ref) => ref.current)
      .filter((el): el is HTMLElement => el !== null);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    if (closeOnFocusOut) containers.forEach((el) => el.addEventListener('focusout', onFocusOut));
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      containers.forEach((el) => el.removeEventListener('focusout', onFocusOut));
    };
  }, [open, closeOnFocusOut]);
}
