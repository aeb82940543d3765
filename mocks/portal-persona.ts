/**
 * A persona on the portal's own server-rendered pages, for the browser tests and the benchmarks
 * (tests/support/portal-session.ts, bench/ssr-hydration.bench.ts), as /preview would simulate it
 * (docs/rendering.md#who-gets-what): the persona's tokens in local storage under the token store's keys, the
 * session hint cookie for the server, and the mock scenario the mock service worker answers the page's calls for
 * (docs/mocks.md). Here rather than in tests/ or bench/, which may not import each other.
 */
import type { BrowserContext } from '@playwright/test';
import { TOKEN_STORAGE_KEYS } from '../runtime/session';
import { SESSION_HINT_COOKIE } from '../schemas/contracts/portal-state';
import type { MockScenario } from './scenario';
import { MOCKS_CHANNEL } from './service-worker/protocol';

/** The test-only cookie that carries the persona to the next page's init script. */
const PERSONA_COOKIE = 'e2e_portal_persona';

type Tokens = { access_token: string; refresh_token: string } | null | undefined;

/** Contexts whose pages already run the init script below. */
const prepared = new WeakSet<BrowserContext>();

/**
 * Makes every portal page `context` loads from now on belong to `scenario`'s persona: with `tokens` (a persona that
 * logs in), those tokens and `ps_session=1` on `baseURL`, so the server renders the private frame and the client
 * hydrates it; without, neither. Every page gives the mock worker `scenario` in place of the page's own default.
 * Call it before a navigation; calling it again switches the persona for the next page in the same context.
 */
export async function usePortalPersona(
  context: BrowserContext,
  baseURL: string,
  scenario: MockScenario,
  tokens: Tokens,
): Promise<void> {
  if (tokens) await context.addCookies([{ name: SESSION_HINT_COOKIE, value: '1', url: baseURL }]);
  else await context.clearCookies({ name: SESSION_HINT_COOKIE });
  await context.addCookies([
    {
      name: PERSONA_COOKIE,
      value: encodeURIComponent(JSON.stringify({ scenario, tokens: tokens ?? null })),
      url: baseURL,
    },
  ]);
  if (prepared.has(context)) return;
  prepared.add(context);
  await context.addInitScript(
    ({ channel, cookie, keys }) => {
      const value = document.cookie
        .split('; ')
        .find((c) => c.startsWith(`${cookie}=`))
        ?.slice(cookie.length + 1);
      if (!value) return;
      const { scenario, tokens } = JSON.parse(decodeURIComponent(value)) as {
        scenario: unknown;
        tokens: { access_token: string; refresh_token: string } | null;
      };
      if (tokens) {
        localStorage.setItem(keys.accessToken, tokens.access_token);
        localStorage.setItem(keys.refreshToken, tokens.refresh_token);
        localStorage.setItem(keys.serverTimeDifference, '0');
      } else {
        localStorage.removeItem(keys.accessToken);
        localStorage.removeItem(keys.refreshToken);
      }
      const worker = navigator.serviceWorker;
      if (!worker) return;
      // The worker keeps the scenario a page sends, by the page's client id (mocks/service-worker/): sent as soon
      // as the worker controls this page, before the app's calls go out, which wait for that control too. Its own
      // question ('scenario?') goes through the page's main thread with a timeout, which a busy first visit missed.
      const send = () => worker.controller?.postMessage({ channel, type: 'scenario', scenario });
      send();
      worker.addEventListener('controllerchange', send);
      // A worker restarted since forgets it and asks; this listener comes before the page's own (mocks/browser.ts),
      // so the worker, which keeps the first answer, takes this one.
      worker.addEventListener('message', (event: MessageEvent<{ channel?: string; type?: string }>) => {
        if (event.data?.channel === channel && event.data.type === 'scenario?') event.ports[0]?.postMessage(scenario);
      });
    },
    { channel: MOCKS_CHANNEL, cookie: PERSONA_COOKIE, keys: TOKEN_STORAGE_KEYS },
  );
}
