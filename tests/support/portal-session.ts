/**
 * A persona on the portal's own pages (docs/rendering.md#who-gets-what), as /preview would simulate it: the
 * persona's tokens in local storage under the token store's keys, the session hint cookie for the server, and the
 * mock scenario the mock service worker answers the page's calls for (docs/mocks.md).
 */
import type { BrowserContext } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { usePortalPersona } from '../../mocks/portal-persona';

// The personas' homes import JSON (the locale registry, the access schema), which Playwright's loader cannot; tsx can.
const load = <T>(specifier: string) => tsImport(specifier, import.meta.url) as Promise<T>;
const [
  { PERSONAS },
  { LOGGED_IN_PERSONAS, customerNumberFor, hasCustomerRecord },
  { mintTokens },
  { DEFAULT_MOCK_SCENARIO },
  { answerApiWithMocks },
] = await Promise.all([
  load<typeof import('../../schemas/contracts/preview-params')>('../../schemas/contracts/preview-params.ts'),
  load<typeof import('../../mocks/fixtures/customers')>('../../mocks/fixtures/customers.ts'),
  load<typeof import('../../mocks/fixtures/tokens')>('../../mocks/fixtures/tokens.ts'),
  load<typeof import('../../mocks/scenario')>('../../mocks/scenario.ts'),
  load<typeof import('../../mocks/answer-outside-page')>('../../mocks/answer-outside-page.ts'),
]);

export type Persona = (typeof PERSONAS)[number];
type MockScenario = import('../../mocks/scenario').MockScenario;

/** Every persona of the preview (schemas/contracts/preview-params.ts), in its order. */
export const PORTAL_PERSONAS: readonly Persona[] = PERSONAS;

/** Whether the persona logs in (mocks/fixtures/customers.ts): it gets tokens, the hint cookie and the private frame. */
export const logsIn = (persona: Persona): boolean => LOGGED_IN_PERSONAS.includes(persona);

/** Who the mocks answer for a persona that logs in: its customer number, and whether GET customer finds a record. */
export const customerOf = (persona: Persona): { customerNumber: string; hasRecord: boolean } => ({
  customerNumber: customerNumberFor({ persona }),
  hasRecord: hasCustomerRecord({ persona }),
});

/**
 * Makes every portal page this context loads from now on belong to `persona` in `locale` (mocks/portal-persona.ts).
 * Call it before a navigation; calling it again switches the persona for the next page, in the same context (its
 * mock worker stays installed, its scripts cached).
 */
export async function signInToPortal(
  context: BrowserContext,
  persona: Persona,
  options: { baseURL: string; locale: MockScenario['locale'] },
): Promise<void> {
  if (!PERSONAS.includes(persona))
    throw new Error(`signInToPortal: "${String(persona)}" is no persona; use one of ${PERSONAS.join(', ')}.`);
  const scenario: MockScenario = { ...DEFAULT_MOCK_SCENARIO, persona, locale: options.locale };
  await usePortalPersona(context, options.baseURL, scenario, mintTokens(scenario));
}

/**
 * For a page without the mock worker (the customer build): answers the context's /api/ calls with the mocks'
 * handlers for `persona` in `locale`, from this process (mocks/answer-outside-page.ts). Returns the log of the calls.
 */
export async function answerPortalApi(
  context: BrowserContext,
  persona: Persona,
  locale: MockScenario['locale'],
): Promise<import('../../mocks/answer-outside-page').ApiLog> {
  return answerApiWithMocks(context, { ...DEFAULT_MOCK_SCENARIO, persona, locale });
}
