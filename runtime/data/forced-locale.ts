import type { CustomerDto } from '../api/api-types';
import type { PageKind } from '../../schemas/contracts';
import { PAGES } from '../resolver';

/**
 * docs/rules.md#forced-locale-switch: a logged-in customer's distribution channel can force a locale, only behind the
 * forcedLocaleSwitch flag and only on pages that require authentication. Returns the locale to switch
 * to, or undefined. An unknown forced locale is ignored (logged by the caller) rather than breaking the page.
 */
export function forcedLocale(
  customer: CustomerDto | undefined,
  page: PageKind,
  currentLocale: string,
  flags: ReadonlySet<string>,
  knownLocales: readonly string[],
): string | undefined {
  if (!customer || !flags.has('forcedLocaleSwitch') || !PAGES[page].requiresAuth) return undefined;
  const wanted = customer.distributionChannel?.forcedLocale;
  if (!wanted) return undefined;
  const match = knownLocales.find((l) => l.toLowerCase() === wanted.toLowerCase());
  if (!match || match.toLowerCase() === currentLocale.toLowerCase()) return undefined;
  return match;
}
