/**
 * The consent-mode vocabulary (docs/rules.md#consent): the four keys, their default (denied, with
 * wait_for_update 2000 ms, set before anything else is queued) and the commands gtag receives. The
 * consent managers (consent.ts) and the local recorder (local-recorder.ts) both speak it.
 */

export const CONSENT_KEYS = ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage'] as const;
export type ConsentKey = (typeof CONSENT_KEYS)[number];
export type ConsentValue = 'granted' | 'denied';
export type ConsentState = Record<ConsentKey, ConsentValue>;
export type ConsentUpdate = Partial<ConsentState>;

export const CONSENT_WAIT_FOR_UPDATE_MS = 2000;

export const DENIED_CONSENT: Readonly<ConsentState> = Object.freeze({
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
});

export const GRANTED_CONSENT: Readonly<ConsentState> = Object.freeze({
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  analytics_storage: 'granted',
});

export type ConsentDefaults = ConsentState & { wait_for_update: number };

/** A consent-mode command, as gtag('consent', …) receives it. */
export type ConsentCommand = ['consent', 'default', ConsentDefaults] | ['consent', 'update', ConsentUpdate];

/** ['consent', 'default', { ad_storage: 'denied', …, wait_for_update: 2000 }] */
export function defaultConsentCommand(): ConsentCommand {
  return ['consent', 'default', { ...DENIED_CONSENT, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS }];
}

/**
 * Keeps the known keys with a valid value and names what it dropped, so a typo in a test or a
 * vendor's extra key never turns into a silently granted category.
 */
export function normaliseConsentUpdate(update: unknown): { update: ConsentUpdate; dropped: string[] } {
  const result: ConsentUpdate = {};
  const dropped: string[] = [];
  if (!update || typeof update !== 'object') return { update: result, dropped };
  for (const [key, value] of Object.entries(update)) {
    if ((CONSENT_KEYS as readonly string[]).includes(key) && (value === 'granted' || value === 'denied'))
      result[key as ConsentKey] = value;
    else dropped.push(key);
  }
  return { update: result, dropped };
}
