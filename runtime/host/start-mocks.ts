/**
 * The one place runtime/ reaches into mocks/ (the lint rule allows only this file). Everything is a
 * dynamic import, and main.tsx calls it only when VITE_MOCKS is not "off", so a customer build drops
 * MSW entirely (npm run size checks that no built file mentions it).
 */
import type { TokenPairDto } from '../api/api-types';
import type { PreviewScenario } from '../../schemas/contracts/preview-params';
import type { ArrivalCounter } from '../../mocks/request-log';

export const MOCKS_ENABLED = import.meta.env.VITE_MOCKS !== 'off';
const NO_MOCKS = 'This build has no mocks (VITE_MOCKS=off).';

let started: Promise<void> | undefined;

export function startMocks(): Promise<void> {
  if (!MOCKS_ENABLED) return Promise.reject(new Error(NO_MOCKS));
  started ??= import('../../mocks/browser').then((m) => m.startMockWorker());
  return started;
}

/** See mocks/request-log.ts countArrivals; without mocks, every wait ends at once. */
export async function countMockArrivals(): Promise<ArrivalCounter> {
  if (!MOCKS_ENABLED) return { arrived: async () => undefined };
  const { countArrivals } = await import('../../mocks/request-log');
  return countArrivals();
}

/** Points the mock handlers at a scenario and returns the tokens its persona logs in with (null: visitor). */
export async function applyMockScenario(scenario: PreviewScenario): Promise<TokenPairDto | null> {
  if (!MOCKS_ENABLED) throw new Error(NO_MOCKS);
  const [{ sendScenario }, { mintTokens }] = await Promise.all([
    import('../../mocks/browser'),
    import('../../mocks/fixtures/tokens'),
  ]);
  await sendScenario(scenario);
  return mintTokens(scenario);
}
