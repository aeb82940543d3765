/**
 * The inline early-calls script (docs/rendering.md#the-customers-first-load). vite.config.ts compiles this entry
 * to a self-contained classic script in the customer build, and the server puts it first in a logged-in customer's
 * <head> (before the stylesheet, which would hold it back), so it runs while the page is parsed, before the deferred
 * bundle has downloaded. It reads the tokens, starts the header's first calls (round two as their answers arrive)
 * and leaves them for the bundle (early-handoff.ts). Everything it does comes from the modules the bundle uses:
 * the token store, the HTTP client and the environment's hosts (app-services.ts), the call plans (runtime/data/shell-calls.ts via prefetch.ts).
 */
import { prefetchHeaderCalls } from '../data/prefetch';
import { getAppServices } from './app-services';
import { portalHeaderCalls } from './early-plan';
import { createEarlyCalls, leaveEarlyCalls } from './early-handoff';

try {
  const { tokenStore, client } = getAppServices();
  const who = portalHeaderCalls(new URL(window.location.href), tokenStore);
  if (who) {
    const calls = createEarlyCalls(who.customerNumber, who.configId);
    calls.roundOne = prefetchHeaderCalls(calls, client, who.customerNumber, who.configId);
    leaveEarlyCalls(calls);
  }
} catch {
  // Nothing is lost: the bundle's early start runs the same code and reports what failed (portal-prefetch.ts).
}
