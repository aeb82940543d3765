import { formatNumber } from '../resolver';

/**
 * The shell's first render builds the locale's number formats (ICU data, ~20 ms on a cold start, for the footer's
 * review score and count). A caller that knows the main thread is about to wait for the network builds them then,
 * so the render does not.
 */
export function warmShell(locale: string): void {
  formatNumber(0, locale, 1);
  formatNumber(0, locale);
}
