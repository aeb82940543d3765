import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import { ACCOUNT_MENU_FALLBACK } from '../../schemas/locale-registry';
import type { DocumentId } from '../../schemas/validator/documents';
import { MANIFEST_URL, usePublishedDocument } from '../config/get-published-config';
import { chooseConfig, type PageKind } from '../resolver';

export type PortalDocuments =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | {
      status: 'ready';
      config: LocaleConfig;
      fallback?: LocaleConfig;
      markets: MarketsDocument;
      flagsDocument: FlagsDocument;
    };

export interface PortalDocumentsInput {
  locale: string;
  page: PageKind;
  manifestUrl?: string;
  config?: LocaleConfig;
  markets?: MarketsDocument;
  flagsDocument?: FlagsDocument;
  /**
   * A customer is signed in. Only a customer's header reads the fallback config (its account menu,
   * docs/rules.md#account-menu), so only then is it fetched and waited for: a visitor's part renders from the
   * documents it was given, which is what lets a visitor's server markup hydrate for a locale without an
   * account menu (en-US) just as for the others.
   */
  signedIn?: boolean;
}

/**
 * The documents a part renders from: the ones handed in, the rest from the manifest. Every part on a page asks
 * with the same SWR keys, so a header and a footer used separately share one manifest and one config request.
 */
export function usePortalDocuments(input: PortalDocumentsInput): PortalDocuments {
  const choice = chooseConfig(input.locale, input.page);
  const manifestUrl = input.manifestUrl ?? MANIFEST_URL;
  const wanted = (id: DocumentId, given: unknown): DocumentId | null => (given === undefined && choice.ok ? id : null);
  const config = usePublishedDocument<LocaleConfig>(
    wanted(choice.ok ? choice.configId : 'en', input.config),
    manifestUrl,
  );
  const markets = usePublishedDocument<MarketsDocument>(wanted('markets', input.markets), manifestUrl);
  const flags = usePublishedDocument<FlagsDocument>(wanted('flags', input.flagsDocument), manifestUrl);
  const configData = input.config ?? config.data;
  // docs/rules.md#account-menu: a locale without an account menu uses the English list; fetched only then.
  const needsFallback =
    !!input.signedIn && !!configData && !configData.accountMenu && configData.locale !== ACCOUNT_MENU_FALLBACK;
  const fallback = usePublishedDocument<LocaleConfig>(needsFallback ? ACCOUNT_MENU_FALLBACK : null, manifestUrl);

  if (!choice.ok)
    return {
      status: 'failed',
      error: new Error(
        `portal-shell: locale "${input.locale}" has no config (${choice.message}); use one of ${choice.validValues.join(', ')}.`,
      ),
    };
  const error = config.error ?? markets.error ?? flags.error ?? fallback.error;
  if (error) return { status: 'failed', error };
  const marketsData = input.markets ?? markets.data;
  const flagsData = input.flagsDocument ?? flags.data;
  if (!configData || !marketsData || !flagsData || (needsFallback && !fallback.data)) return { status: 'loading' };
  return {
    status: 'ready',
    config: configData,
    ...(fallback.data ? { fallback: fallback.data } : {}),
    markets: marketsData,
    flagsDocument: flagsData,
  };
}
