/**
 * A persona on the portal's own pages (docs/rendering.md#who-gets-what), as /preview would simulate it: the
 * persona's tokens in local storage under the token store's keys, the session hint cookie for the server, and the
 * mock scenario the mock service worker answers the page's calls for (docs/mocks.md).
 */
import type { BrowserContext } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { TOKEN_STORAGE_KEYS } from '../../runtime/session';
import { MOCKS_CHANNEL } from '../../mocks/service-worker/protocol';
import { SESSION_HINT_COOKIE } from '../../schemas/contracts/portal-state';

// The personas' homes import JSON (the locale registry, the access schema), which Playwright's loader cannot; tsx can.
const load = <T>(specifier: string) => tsImport(specifier, import.meta.url) as Promise<T>;
const [{ PERSONAS }, { LOGGED_IN_PERSONAS, customerNumberFor, hasCustomerRecord }, { mintTokens }, { DEFAULT_MOCK_SCENARIO }] = await Promise.all([
  load<typeof import('../../schemas/contracts/preview-params')>('../../schemas/contracts/preview-params.ts'),
  load<typeof import('../../mocks/fixtures/customers')>('../../mocks/fixtures/customers.ts'),
  load<typeof import('../../mocks/fixtures/tokens')>('../../mocks/fixtures/tokens.ts'),
  load<typeof import('../../mocks/scenario')>('../../mocks/scenario.ts'),
]);

export type Persona = (typeof PERSONAS)[number];
type MockScenario = import('../../mocks/scenario').MockScenario;

/** Every persona of the preview (schemas/contracts/preview-params.ts), in its order. */
export const PORTAL_PERSONAS: readonly Persona[] = PERSONAS;

/** Whether the persona logs in (mocks/fixtures/customers.ts): it gets tokens, the hint cookie and the private frame. */
export const logsIn = (persona: Persona): boolean => LOGGED_IN_PERSONAS.includes(persona);

/** Who the mocks answer for a persona that logs in: its customer number, and whether GET customer finds a record. */
export const customerOf = (persona: Persona): { customerNumber: string; hasRecord: boolean } => ({ customerNumber: customerNumberFor({ persona }), hasRecord: hasCustomerRecord({ persona }) });

/** The test-only cookie that carries the signed-in persona to the next page's init script. */
const PERSONA_COOKIE = 'e2e_portal_persona';
/** Contexts whose pages already run the init script below. */
const prepared = new WeakSet<BrowserContext>();

/**
 * Makes every portal page this context loads from now on belong to `persona` in `locale`. For a persona that
 * logs in: its tokens (valid for the scenario's session length from now) and `ps_session=1` on `baseURL`, so the
 * server renders the private frame and the client hydrates it; for a visitor, neither. For every persona: the page
 * gives the mock worker this scenario in place of the page's own default (a logged-in private customer), so the
 * worker answers the calls for this persona's customer. Call it before a navigation; calling it again switches the
 * persona for the next page, in the same context (its mock worker stays installed, its scripts cached).
 */
export async function signInToPortal(context: BrowserContext, persona: Persona, options: { baseURL: string; locale: MockScenario['locale'] }): Promise<void> {
  if (!PERSONAS.includes(persona)) throw new Error(`signInToPortal: "${String(persona)}" is no persona; use one of ${PERSONAS.join(', ')}.`);
  const scenario: MockScenario = { ...DEFAULT_MOCK_SCENARIO, persona, locale: options.locale };
  const tokens = mintTokens(scenario);
  if (tokens) await context.addCookies([{ name: SESSION_HINT_COOKIE, value: '1', url: options.baseURL }]);
  else await context.clearCookies({ name: SESSION_HINT_COOKIE });
  await context.addCookies([{ name: PERSONA_COOKIE, value: encodeURIComponent(JSON.stringify({ scenario, tokens })), url: options.baseURL }]);
  if (prepared.has(context)) return;
  prepared.add(context);
  await context.addInitScript(
    ({ channel, cookie, keys }) => {
      const value = document.cookie.split('; ').find((c) => c.startsWith(`${cookie}=`))?.slice(cookie.length + 1);
      if (!value) return;
      const { scenario, tokens } = JSON.parse(decodeURIComponent(value)) as { scenario: unknown; tokens: { access_token: string; refresh_token: string } | null };
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
      // as the worker controls this page, before the app's calls go out, which wait for that control too.
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
