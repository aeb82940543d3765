import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import { LOCALE_CONFIG_IDS } from '../../schemas/validator/documents';
import { CountryBanner } from '../components/CountryBanner';
import { Shell } from '../components/Shell';
import type { ForcedRedirect } from '../data/forced-redirect';
import { useShellData, type SessionIdentity } from '../data/use-shell-data';
import {
  bannerCountryName,
  countryBannerSuggestion,
  resolveShell,
  type PageKind,
  type ResolverContext,
  type MarketModel,
  type ShellModel,
} from '../resolver';
import {
  countryPlatformFor,
  customerGroupFor,
  footerTapEvent,
  redirectEvent,
  TrackingProvider,
  useTrackingRuntime,
  type RedirectKind,
} from '../tracking';
import type { EnvironmentName } from '../api/environment';
import { isCountdownEnabled, PENSION_LOGOUT_URL, useSession } from '../session';
import { logoutSuccessEvent, sessionEvent, type ConsentManager } from '../tracking';
import { switchAccount } from '../api/get-switchable-accounts';
import { getAppServices } from './app-services';
import { clearRetainedCaches } from './retained-caches';
import { readDeviceId } from './preferences';
import { PortalBody } from './PortalBody';
import { portalPath } from './portal-paths';
import { confirmCurrentMarket, readPreferredLocale, storePreferredLocale } from './preferences';
import { useForcedNavigation } from './use-forced-navigation';

export interface LiveShellNavigation {
  page?: PageKind;
  locale?: string;
  href?: string;
  /** Replace the history entry (forced redirects), so Back does not bounce into the redirect again. */
  replace?: boolean;
}

export interface LiveShellProps {
  config: LocaleConfig;
  fallback?: LocaleConfig;
  markets: MarketsDocument;
  flagsDocument: FlagsDocument;
  page: PageKind;
  /** undefined: the registry defaults. */
  flags?: readonly string[];
  identity: SessionIdentity | undefined;
  visitorDistributorId?: string;
  countryChoice?: string;
  onNavigate: (to: LiveShellNavigation) => void;
  /** After the session ended (logout, expiry or failed refresh); default: navigate to the login href. */
  onLoggedOut?: (href: string) => void;
  /** The tokens now belong to another customer (account switch): the host re-reads the identity. */
  onIdentityChanged: () => void;
  /** Idle timeout in seconds; undefined → the 5 min fallback (docs/session.md#constants). */
  sessionLengthSeconds?: number;
  /**
   * The preview simulates a deployed session: the countdown runs there without sessionCountdownLocalDev,
   * which only governs real local development (docs/preview-url.md).
   */
  simulatesDeployedSession?: boolean;
  environment: EnvironmentName;
  /** The preview's fault=tracking: the local collector fails with this message. */
  trackingFailure?: string;
  /** After each committed render: the model now on screen (the editor preview reports it). */
  /** After the consent-settings link asked the consent manager for its settings: /preview shows its stand-in (docs/preview-url.md#consent-settings). */
  onConsentSettingsOpened?: (consent: ConsentManager) => void;
  onRendered?: (model: ShellModel) => void;
}

const REDIRECT_EVENT: Record<ForcedRedirect['kind'], RedirectKind> = {
  'missing-reference-iban': 'reference-account',
  'uk-missing-financial-info': 'financial-information',
  'data-validity-confirmation': 'cdvc',
};

export const HEADER_COMPLETE_MARK = 'portal-shell:header-complete';

/** The stored preference changes only through this page's own handlers, which re-render anyway. */
const noSubscription = () => () => undefined;

const isMobileViewport = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 47.99em)').matches;

/** Live customer data → resolver context → model → Shell. Everything here re-renders as calls answer. */
export function LiveShell(props: LiveShellProps) {
  const { config, fallback, markets, flagsDocument, page, identity, onNavigate } = props;
  const flagsOn = useMemo(
    () => new Set(props.flags ?? flagsDocument.flags.filter((f) => f.default).map((f) => f.id)),
    [props.flags, flagsDocument],
  );
  const data = useShellData({
    identity,
    locale: config.locale,
    flags: flagsOn,
    ...(props.visitorDistributorId ? { visitorDistributorId: props.visitorDistributorId } : {}),
  });
  const [bannerDismissed, setBannerDismissed] = useState(false);
  const customerView = data.context.customer;
  const tracking = useTrackingRuntime({
    environment: props.environment,
    config,
    context: () => ({
      portal: 'customer-portal',
      country_platform: countryPlatformFor(config.locale),
      browsing_platform: isMobileViewport() ? 'mobile' : 'desktop',
      customer_group: customerGroupFor(customerView),
      page,
    }),
    identity: () =>
      identity ? { customerId: identity.customerNumber, deviceId: readDeviceId() } : { deviceId: readDeviceId() },
    ...(props.trackingFailure ? { collectorFailure: props.trackingFailure } : {}),
  });
  const tracker = tracking.tracker;

  const { tokenStore, client } = getAppServices();
  const sessionApi = useSession({
    enabled: isCountdownEnabled({
      tokenValid: !!identity && tokenStore.isTokenValid(),
      environment: props.simulatesDeployedSession ? 'production' : props.environment,
      flags: flagsOn,
    }),
    ...(props.sessionLengthSeconds !== undefined ? { sessionLengthSeconds: props.sessionLengthSeconds } : {}),
    flags: flagsOn,
    strings: config.strings.session,
    client,
    tokenStore,
    logoutTarget: {
      navigate: (href) => (props.onLoggedOut ? props.onLoggedOut(href) : onNavigate({ page: 'login', href })),
      loginUrl: portalPath(config.basePath, 'login'),
      pensionLogoutUrl: PENSION_LOGOUT_URL,
      clearData: clearRetainedCaches,
    },
    onEvent: (kind) => void tracker.track(sessionEvent(kind)),
    onLoggedOut: (reason) =>
      void tracker.track(logoutSuccessEvent(reason === 'user' ? 'account_menu' : 'session_expired')),
  });

  const onRedirect = useCallback(
    (redirect: ForcedRedirect) => {
      const to = portalPath(config.basePath, redirect.target);
      void tracker.track(redirectEvent(REDIRECT_EVENT[redirect.kind], { to, from: portalPath(config.basePath, page) }));
      onNavigate({ page: redirect.target, href: to, replace: true });
    },
    [onNavigate, config.basePath, tracker, page],
  );
  const onLocaleSwitch = useCallback(
    (locale: string) => onNavigate({ locale, page, replace: true }),
    [onNavigate, page],
  );
  const redirecting = useForcedNavigation({
    customer: data.customerDto,
    page,
    locale: config.locale,
    flags: flagsOn,
    knownLocales: LOCALE_CONFIG_IDS,
    onRedirect,
    onLocaleSwitch,
  });

  const model = useMemo(() => {
    const ctx: ResolverContext = {
      locale: config.locale,
      page,
      flags: flagsOn,
      currentPath: portalPath(config.basePath, page),
      now: new Date(),
      ...data.context,
      // While a forced redirect is on its way, keep the skeleton rather than flash the page being left.
      ...(redirecting ? { isHeaderDataLoading: true } : {}),
    };
    return resolveShell({ config, ...(fallback ? { fallback } : {}), markets: markets.markets }, ctx);
  }, [config, fallback, markets, page, flagsOn, data.context, redirecting]);

  // A User Timing mark the budget benchmarks read (bench/header.bench.ts, bench/ssr-first-visit.bench.ts): the
  // private header is complete once nothing loads and the balance panel has its answer.
  const balance = model.header.customer?.balance;
  const complete = !model.header.loading && !!balance && balance.kind !== 'loading';
  useEffect(() => {
    if (complete && performance.getEntriesByName(HEADER_COMPLETE_MARK).length === 0)
      performance.mark(HEADER_COMPLETE_MARK);
  }, [complete]);

  const { onRendered } = props;
  useEffect(() => onRendered?.(model), [model, onRendered]);

  // The same element while the page stays, so the Shell's memoised main area skips data-only renders.
  const body = useMemo(() => <PortalBody page={page} locale={config.locale} />, [page, config.locale]);

  const marketList = model.footer?.marketPicker?.markets ?? [];
  // Local storage is the browser's: the server renders without it, so the render that hydrates does too (docs/rendering.md#hydration).
  const stored = useSyncExternalStore(noSubscription, readPreferredLocale, () => undefined);
  const suggestion = bannerDismissed
    ? undefined
    : countryBannerSuggestion({
        markets: marketList,
        currentConfigId: model.locale,
        ...(props.countryChoice ? { countryChoice: props.countryChoice } : {}),
        ...(stored ? { storedPreferredLocale: stored } : {}),
      });
  const chooseMarket = (market: MarketModel) => {
    storePreferredLocale(market.preferredLocale);
    onNavigate({ locale: market.locale, href: market.link.href });
  };

  return (
    <TrackingProvider runtime={tracking}>
      <Shell
        model={model}
        banner={
          suggestion && (
            <CountryBanner
              text={config.strings.banner.text}
              market={bannerCountryName(suggestion, config.locale)}
              allGoodLabel={config.strings.banner.allGood}
              chooseLabel={config.strings.banner.chooseMarket}
              onAllGood={() => {
                const current = marketList.find((m) => m.current);
                if (current) storePreferredLocale(current.preferredLocale);
                confirmCurrentMarket();
                setBannerDismissed(true);
              }}
              onChooseMarket={() => chooseMarket(suggestion)}
            />
          )
        }
        {...(sessionApi.session ? { session: sessionApi.session } : {})}
        handlers={{
          onLogout: () =>
            void sessionApi.logout().catch((error: unknown) => console.error(`[session] ${(error as Error).message}`)),
          ...(sessionApi.extend ? { onExtendSession: sessionApi.extend } : {}),
          onOpenConsentSettings: () => {
            tracking.consent.openSecondLayer();
            props.onConsentSettingsOpened?.(tracking.consent);
          },
          onFooterLinkTap: (tap) => void tracker.track(footerTapEvent(tap)),
          onChooseMarket: chooseMarket,
          onSwitchAccount: (customerId) => {
            if (!identity) return;
            // docs/rules.md#account-menu: choosing an account switches by customerId; the answer is that customer's tokens.
            switchAccount(client, identity.userId, customerId).then(
              (pair) => {
                tokenStore.setTokens(pair);
                props.onIdentityChanged();
              },
              (error: unknown) => console.warn(`[switch-account] ${(error as Error).message}`),
            );
          },
        }}
      >
        {body}
      </Shell>
    </TrackingProvider>
  );
}
