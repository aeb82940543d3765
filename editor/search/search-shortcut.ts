import { useEffect } from 'react';
import { useSearchDialog } from './search-dialog-store';

/** Ctrl K, or ⌘ K on a Mac, without Alt or Shift (docs/editor-search.md#opening-the-search). */
export function isSearchShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** Whether keyboard hints should say ⌘ rather than Ctrl. Read in effects and handlers only. */
export function isApplePlatform(): boolean {
  return /mac|iphone|ipad/i.test(navigator.platform || navigator.userAgent);
}

/**
 * Opens the search on Ctrl/⌘ K anywhere on the page, in the capture phase so a focused editor (Monaco's own Ctrl K
 * chords, a text field) does not keep it.
 */
export function useSearchShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      event.stopPropagation();
      // Pressed again while open: the dialog keeps what is typed.
      const search = useSearchDialog.getState();
      if (!search.open) search.openSearch();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
}
