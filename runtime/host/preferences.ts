import { COUNTRY_CHOICE_COOKIE as COOKIE } from '../../schemas/contracts/portal-state';

/** The preferred locale the country banner and market picker store (docs/rules.md#country-banner). */
const KEY = 'portal-shell.preferredLocale';

export function readPreferredLocale(): string | undefined {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storePreferredLocale(locale: string): void {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // Storage can be disabled (private mode); the choice then lasts for this page only.
  }
}

/** How long "All good" keeps a visitor's browser languages from suggesting another market: a year, in seconds. */
export const CONFIRMED_MARKET_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * "All good" on the country banner: the cookie becomes empty, which the server reads as "no suggestion", for a
 * year (docs/rules.md#country-banner). Deleting it instead would bring the banner back on the next page load
 * from the browser's Accept-Language, which the server reads and local storage cannot override.
 */
export function confirmCurrentMarket(): void {
  document.cookie = `${COOKIE}=; Max-Age=${CONFIRMED_MARKET_MAX_AGE}; Path=/; SameSite=Lax`;
}

const DEVICE_KEY = 'portal-shell.deviceId';

/** An anonymous device id for tracking (docs/rules.md#tracking), stored locally; a fresh one per call when storage is unavailable. */
export function readDeviceId(): string {
  try {
    const existing = localStorage.getItem(DEVICE_KEY);
    if (existing) return existing;
    const id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
    return id;
  } catch {
    return 'anonymous';
  }
}
