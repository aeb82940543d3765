import { formatNumber } from '../resolver';
import { getShellSystem } from '../theme/system';

/**
 * The shell's first render builds two caches that cost ~50 ms on a cold start: the Chakra system (~30 ms)
 * and the locale's number formats (ICU data, ~20 ms, for the footer's review score and count). A caller
 * that knows the main thread is about to wait for the network builds them then, so the render does not.
 */
export function warmShell(locale: string): void {
  getShellSystem();
  formatNumber(0, locale, 1);
  formatNumber(0, locale);
}
