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

export function clearCountryChoiceCookie(): void {
  document.cookie = `${COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
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
