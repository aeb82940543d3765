import type { MouseEvent } from 'react';

/**
 * True for an ordinary left click. Links that run a handler instead of navigating (consent
 * settings, market choice) only intercept these, so ctrl/cmd/middle-click still open a new tab.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
