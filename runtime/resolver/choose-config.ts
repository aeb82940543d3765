import { LOGIN_FALLBACK } from '../../schemas/locale-registry';
import { LOCALE_CONFIG_IDS, type ConfigDocumentId } from '../../schemas/validator/documents';
import type { PageKind } from './context';
import { PAGES } from './pages';

export type ConfigChoice =
  | { ok: true; configId: ConfigDocumentId; fellBack: boolean }
  | { ok: false; message: string; validValues: readonly string[] };

/**
 * Which config to load for a requested locale and page (docs/rules.md#pages):
 * country-selector and corporate pages always use en; an unknown locale on the login header (login and
 * open-banking pages) falls back to the registry's loginFallback (config/locales.json, en-US); an unknown locale
 * anywhere else is an error the host shows with the valid ids.
 * Matching is case-insensitive, so /de-de/ URLs and de-DE ids both work.
 */
export function chooseConfig(requested: string, page: PageKind): ConfigChoice {
  const fixed = PAGES[page].fixedConfig;
  if (fixed) return { ok: true, configId: fixed, fellBack: requested.toLowerCase() !== fixed };
  const match = LOCALE_CONFIG_IDS.find((id) => id.toLowerCase() === requested.toLowerCase());
  if (match) return { ok: true, configId: match, fellBack: false };
  // Open banking shows the login header, so it shares the login header's fallback.
  if (page === 'login' || page === 'open-banking') return { ok: true, configId: LOGIN_FALLBACK, fellBack: true };
  return { ok: false, message: `Unknown locale "${requested}".`, validValues: LOCALE_CONFIG_IDS };
}
