import { useEffect } from 'react';

export type HistoryCommand = 'undo' | 'redo';

/** Ctrl/Cmd+Z → undo; Ctrl/Cmd+Shift+Z and Ctrl+Y → redo; anything else null. */
export function historyCommandOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): HistoryCommand | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

/**
 * The page's undo/redo keys, routed to the draft store. They act when focus is on the page body or inside
 * `scope` (the views and the toolbar), and leave alone Monaco (which has its own binding to the store) and
 * any other field, such as the save dialog's message, whose native undo is what a person expects.
 */
export function useUndoShortcuts(
  scope: React.RefObject<HTMLElement | null>,
  enabled: boolean,
  run: (command: HistoryCommand) => void,
): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const command = historyCommandOf(event);
      if (!command || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      const inScope = !target || target === document.body || (scope.current?.contains(target) ?? false);
      if (!inScope || target?.closest('.monaco-editor')) return;
      event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [scope, enabled, run]);
}
