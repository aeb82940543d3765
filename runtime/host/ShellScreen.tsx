import { useCallback, useMemo, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import { ACCOUNT_MENU_FALLBACK } from '../../schemas/locale-registry';
import type { DocumentId } from '../../schemas/validator/documents';
import { ApiProvider } from '../api/api-context';
import { SHELL_SWR_CONFIG } from '../api/swr-policy';
import { CONFIG_DEADLINE_MS, usePublishedDocument } from '../config/get-published-config';
import { PageContainer } from '../components/PageContainer';
import { prefetchMiddleware, type PrefetchTable } from '../data/prefetch';
import { chooseConfig, type ShellModel } from '../resolver';
import { getAppServices } from './app-services';
import { retainedCache } from './retained-caches';
import { FallbackNotice, FallbackScreen } from './FallbackScreen';
import { LiveShell, type LiveShellProps } from './LiveShell';
import { ParamErrorPanel } from './ParamErrorPanel';
import { PlaceholderBody } from './PlaceholderBody';
import { portalPath } from './portal-paths';
import { decideScreen, type ShellFailure } from './screen-state';
import { ShellErrorBoundary } from './ShellErrorBoundary';
import { useDeadline } from './use-deadline';

/** Editor mode: documents rendered instead of their published version (validated, default-filled drafts). */
export type PreviewDrafts = Partial<Record<DocumentId, unknown>>;

export interface ShellScreenProps extends Omit<
  LiveShellProps,
  'config' | 'fallback' | 'markets' | 'flagsDocument' | 'environment' | 'onRendered'
> {
  /** As asked for (URL); chooseConfig() decides which config renders. */
  locale: string;
  /** A new key starts a fresh data cache (the preview, when the simulated customer changes). */
  dataKey: string;
  drafts?: PreviewDrafts;
  /** Calls already started for this dataKey (the header's first round), handed to the hooks that need them. */
  prefetch?: PrefetchTable;
  /** After each committed render: the model on screen and the documents it was rendered from. */
  onRendered?: (model: ShellModel, documents: readonly DocumentId[]) => void;
  /** The title over a bad locale: the preview says "preview link", as it does for its other parameters. */
  badLinkTitle?: string;
  /** The preview: the fallback chrome's page area says what failed, for the product owner; customers see their page. */
  explainFallback?: boolean;
  /**
   * Published documents the server rendered this page from (schemas/contracts/portal-state.ts): used instead of
   * loading them, so the first render is synchronous and hydrates the server's markup (docs/rendering.md#hydration).
   */
  published?: PreviewDrafts;
}

/**
 * A draft when the editor sent one for this id, else the published document the server rendered with, else the
 * published document loaded now (null id: none needed).
 */
function useScreenDocument<T extends LocaleConfig | MarketsDocument | FlagsDocument>(
  id: DocumentId | null,
  drafts: PreviewDrafts | undefined,
  given: PreviewDrafts | undefined,
): { data?: T; error?: unknown } {
  const known = id ? (drafts?.[id] ?? given?.[id]) : undefined;
  const published = usePublishedDocument<T>(known === undefined ? id : null);
  return known === undefined ? published : { data: known as T };
}

/** One cache per dataKey (kept for a return visit, see retained-caches.ts); the key remounts SWR's provider. */
function DataCache({
  dataKey,
  prefetch,
  children,
}: {
  dataKey: string;
  prefetch: PrefetchTable | undefined;
  children: ReactNode;
}) {
  const use = useMemo(() => (prefetch ? [prefetchMiddleware(prefetch)] : []), [prefetch]);
  return (
    <SWRConfig key={dataKey} value={{ ...SHELL_SWR_CONFIG, use, provider: () => retainedCache(dataKey) }}>
      {children}
    </SWRConfig>
  );
}

/** Loads the published configs for the request, then hands over to LiveShell with the live data layer. */
export function ShellScreen({
  locale,
  dataKey,
  drafts,
  published,
  prefetch,
  onRendered,
  badLinkTitle,
  explainFallback,
  ...live
}: ShellScreenProps) {
  const choice = chooseConfig(locale, live.page);
  const configId = choice.ok ? choice.configId : null;
  const config = useScreenDocument<LocaleConfig>(configId, drafts, published);
  const markets = useScreenDocument<MarketsDocument>('markets', drafts, published);
  const flags = useScreenDocument<FlagsDocument>('flags', drafts, published);
  // docs/rules.md#account-menu: a locale without an account menu uses the English list; fetch en only then.
  const needsFallback = !!config.data && !config.data.accountMenu && config.data.locale !== ACCOUNT_MENU_FALLBACK;
  const fallback = useScreenDocument<LocaleConfig>(needsFallback ? ACCOUNT_MENU_FALLBACK : null, drafts, published);
  const deadlinePassed = useDeadline(CONFIG_DEADLINE_MS, choice.ok);
  const rendered = useCallback(
    (model: ShellModel) =>
      onRendered?.(
        model,
        configId ? [configId, ...(needsFallback ? [ACCOUNT_MENU_FALLBACK] : []), 'markets', 'flags'] : [],
      ),
    [onRendered, configId, needsFallback],
  );

  if (!choice.ok) {
    return (
      <ParamErrorPanel
        title={badLinkTitle ?? 'This link has a problem'}
        errors={[{ param: 'locale', value: locale, message: choice.message, validValues: choice.validValues }]}
      />
    );
  }
  const screen = decideScreen(
    [
      { id: choice.configId, ...config },
      { id: 'markets', ...markets },
      { id: 'flags', ...flags },
      ...(needsFallback ? [{ id: ACCOUNT_MENU_FALLBACK, ...fallback }] : []),
    ],
    deadlinePassed,
    CONFIG_DEADLINE_MS,
  );
  // docs/architecture.md#fallback-chrome: never a blank page, never a loading state past the deadline.
  const showFallback = (failure: ShellFailure) => (
    <FallbackScreen
      failure={failure}
      configId={choice.configId}
      page={live.page}
      homeHref={portalPath(`/${locale.toLowerCase()}`, 'home')}
      {...(live.identity ? { customerNumber: live.identity.customerNumber } : {})}
    >
      <PageContainer>
        {explainFallback && <FallbackNotice failure={failure} />}
        <PlaceholderBody page={live.page} locale={choice.configId} />
      </PageContainer>
    </FallbackScreen>
  );
  if (screen.kind === 'fallback') return showFallback(screen.failure);
  if (screen.kind === 'loading' || !config.data || !markets.data || !flags.data)
    return <div aria-busy="true" style={{ minHeight: 80 }} />;

  const services = getAppServices();
  // The editor's preview has its own boundary (DraftErrorBoundary), which reverts to the last good draft.
  const shell = (
    <LiveShell
      environment={services.environment.name}
      config={config.data}
      {...(fallback.data ? { fallback: fallback.data } : {})}
      markets={markets.data}
      flagsDocument={flags.data}
      {...live}
      {...(onRendered ? { onRendered: rendered } : {})}
    />
  );
  return (
    <ApiProvider client={services.client}>
      <DataCache dataKey={dataKey} prefetch={prefetch}>
        {drafts ? (
          shell
        ) : (
          <ShellErrorBoundary configId={choice.configId} fallback={showFallback}>
            {shell}
          </ShellErrorBoundary>
        )}
      </DataCache>
    </ApiProvider>
  );
}
