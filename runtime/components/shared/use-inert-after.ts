import { useEffect, type RefObject } from 'react';

/**
 * While `active`, makes everything that follows `ref`'s element in the document inert: its following
 * siblings, and those of each ancestor up to <body>. The mobile menu covers the page below the header and
 * locks its scrolling, so Tab past the menu's last row must not reach links hidden behind it (the footer's).
 * Elements that were inert already are left as they were.
 */
export function useInertAfter(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const start = ref.current;
    if (!active || !start) return undefined;
    const madeInert: HTMLElement[] = [];
    // Past a shadow root's top the walk goes on from its host element, so an embedded header's menu makes the
    // host page behind it inert too (docs/embedding.md#custom-elements).
    const parentOf = (node: HTMLElement): HTMLElement | null => {
      if (node.parentElement) return node.parentElement;
      const root = node.getRootNode();
      return root instanceof ShadowRoot && root.host instanceof HTMLElement ? root.host : null;
    };
    for (let node: HTMLElement | null = start; node && node !== document.body; node = parentOf(node)) {
      for (let sibling = node.nextElementSibling; sibling; sibling = sibling.nextElementSibling) {
        // The attribute, not the property: the same in every browser, and in the test DOM.
        if (sibling instanceof HTMLElement && !sibling.hasAttribute('inert')) {
          sibling.setAttribute('inert', '');
          madeInert.push(sibling);
        }
      }
    }
    return () => madeInert.forEach((element) => element.removeAttribute('inert'));
  }, [ref, active]);
}
