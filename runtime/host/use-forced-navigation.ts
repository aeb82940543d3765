import { useEffect, useRef } from 'react';
import type { CustomerDto } from '../api/api-types';
import type { PageKind } from '../../schemas/contracts';
import { forcedLocale } from '../data/forced-locale';
import { forcedRedirect, type ForcedRedirect } from '../data/forced-redirect';

export interface ForcedNavigationInput {
  customer: CustomerDto | undefined;
  page: PageKind;
  locale: string;
  flags: ReadonlySet<string>;
  knownLocales: readonly string[];
  onRedirect: (redirect: ForcedRedirect) => void;
  onLocaleSwitch: (locale: string) => void;
}

/**
 * Runs the forced redirect (docs/rules.md#forced-redirects), then the forced locale switch, once per customer answer and page.
 * The redirect wins: a customer who must fix data does that first, in the current locale.
 */
export function useForcedNavigation({
  customer,
  page,
  locale,
  flags,
  knownLocales,
  onRedirect,
  onLocaleSwitch,
}: ForcedNavigationInput): ForcedRedirect | undefined {
  const redirect = forcedRedirect(customer, page);
  const switchTo = redirect ? undefined : forcedLocale(customer, page, locale, flags, knownLocales);
  const done = useRef<string | null>(null);
  useEffect(() => {
    const key = redirect ? `redirect:${redirect.target}:${page}` : switchTo ? `locale:${switchTo}:${page}` : null;
    if (!key || done.current === key) return;
    done.current = key;
    if (redirect) onRedirect(redirect);
    else if (switchTo) onLocaleSwitch(switchTo);
  }, [redirect, switchTo, page, onRedirect, onLocaleSwitch]);
  return redirect;
}
