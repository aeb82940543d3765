import { useEffect, useMemo, useReducer, useSyncExternalStore } from 'react';
import { mutate } from 'swr';
import { environmentFromHost, type EnvironmentName } from '../api/environment';
import { switchAccount } from '../api/get-switchable-accounts';
import type { ShellHandlers, ShellSession } from '../components/Shell';
import { useLatestCallback } from '../components/shared/use-stable';
import { chooseConfig, PAGES, type MarketModel, type ShellModel } from '../resolver';
import { isCountdownEnabled, logoutDestination, PENSION_LOGOUT_URL, useSession } from '../session';
import {
  countryPlatformFor,
  createTracker,
  customerGroupFor,
  footerTapEvent,
  logoutSuccessEvent,
  sessionEvent,
  type Tracker,
} from '../tracking';
import type { PortalLogoutEvent, PortalProps } from './portal-props';
import type { PortalServices } from './portal-services';
import { useRouteLinkClicks } from './route-link-click';
import { usePortalDocuments, type PortalDocuments } from './use-portal-documents';
import { usePortalIdentity } from './use-portal-identity';
import { useShellModel } from './use-shell-model';

export interface PortalShellState {
  documents: PortalDocuments;
  /** undefined until the documents are there. */
  model: ShellModel | undefined;
  handlers: ShellHandlers;
  session: ShellSession | undefined;
}

const noSubscription = () => () => undefined;
/** The server knows no host name; the countdown only starts in an effect, so its answer never reaches the markup. */
const useEnvironmentName = (): EnvironmentName =>
  useSyncExternalStore(
    noSubscription,
    () => environmentFromHost(window.location.hostname),
    () => 'production',
  );
const isMobileViewport = () => typeof window !== 'undefined' && !!window.matchMedia?.('(max-width: 47.99em)').matches;

/**
 * Everything one embedded part needs, from its props: documents, live data, model, handlers and (for the part
 * that holds the account menu) the session. The header and the shell run the session; a footer beside a header
 * does not, so one page never runs two countdowns.
 */
export function usePortalShell(
  props: PortalProps,
  services: PortalServices,
  { runsSession }: { runsSession: boolean },
): PortalShellState {
  const page = props.page ?? 'home';
  // An account switch stores another customer's tokens: render again so the identity is read anew.
  const [, reread] = useReducer((n: number) => n + 1, 0);
  const identity = usePortalIdentity(services.tokenStore);
  const documents = usePortalDocuments({ ...props, page, signedIn: !!identity });
  const ready = documents.status === 'ready' ? documents : undefined;
  const choice = chooseConfig(props.locale, page);
  const { model, flagsOn, data } = useShellModel({
    config: ready?.config,
    fallback: ready?.fallback,
    markets: ready?.markets,
    flagsDocument: ready?.flagsDocument,
    locale: choice.ok ? choice.configId : props.locale,
    page,
    flags: props.flags,
    identity,
    currentPath: props.currentPath,
  });

  const navigateTo = useLatestCallback((href: string) => {
    const url = new URL(href, window.location.href);
    if (props.navigate && url.origin === window.location.origin)
      props.navigate(`${url.pathname}${url.search}${url.hash}`);
    else window.location.assign(url.href);
  });
  const customer = data.context.customer;
  const context = useLatestCallback(() => ({
    portal: 'customer-portal',
    country_platform: countryPlatformFor(choice.ok ? choice.configId : props.locale),
    browsing_platform: isMobileViewport() ? ('mobile' as const) : ('desktop' as const),
    customer_group: customerGroupFor(customer),
    page,
  }));
  const trackingIdentity = useLatestCallback(() => (identity ? { customerId: identity.customerNumber } : {}));
  const send = useLatestCallback((event: Parameters<NonNullable<PortalProps['onTrack']>>[0]) => props.onTrack?.(event));
  // No consent manager or tag manager: the host page runs its own; the events go to the host's sink.
  const tracker: Tracker = useMemo(
    () => createTracker({ collector: { send }, identity: trackingIdentity, context }),
    [send, trackingIdentity, context],
  );
  useEffect(() => () => tracker.dispose(), [tracker]);

  const environment = useEnvironmentName();
  const loginUrl = ready ? `${ready.config.basePath}${PAGES.login.path}` : '/';
  const sessionApi = useSession({
    enabled: runsSession && isCountdownEnabled({ tokenValid: !!identity, environment, flags: flagsOn }),
    flags: flagsOn,
    strings: ready?.config.strings.session,
    client: services.client,
    tokenStore: services.tokenStore,
    logoutTarget: {
      navigate: navigateTo,
      loginUrl,
      pensionLogoutUrl: PENSION_LOGOUT_URL,
      // docs/rules.md#logout: nothing of the customer stays in memory; the shell's data lives in SWR's page-wide cache.
      clearData: () => void mutate(() => true, undefined, { revalidate: false }),
    },
    onEvent: (kind) => void tracker.track(sessionEvent(kind)),
    onLoggedOut: (reason) =>
      void tracker.track(logoutSuccessEvent(reason === 'user' ? 'account_menu' : 'session_expired')),
  });

  const handlers: ShellHandlers = {
    onLogout: () => {
      let prevented = false;
      const event: PortalLogoutEvent = {
        href: logoutDestination(flagsOn, { loginUrl, pensionLogoutUrl: PENSION_LOGOUT_URL }),
        preventDefault: () => {
          prevented = true;
        },
      };
      props.onLogout?.(event);
      if (!prevented)
        void sessionApi.logout().catch((error: unknown) => console.error(`[session] ${(error as Error).message}`));
    },
    ...(sessionApi.extend ? { onExtendSession: sessionApi.extend } : {}),
    onOpenConsentSettings: () => props.onOpenConsentSettings?.(),
    onFooterLinkTap: (tap) => void tracker.track(footerTapEvent(tap)),
    onChooseMarket: (market: MarketModel) => navigateTo(market.link.href),
    onSwitchAccount: (customerId) => {
      if (!identity) return;
      // docs/rules.md#account-menu: choosing an account switches by customerId; the answer is that customer's tokens.
      switchAccount(services.client, identity.userId, customerId).then(
        (pair) => {
          services.tokenStore.setTokens(pair);
          reread();
        },
        (error: unknown) => console.warn(`[switch-account] ${(error as Error).message}`),
      );
    },
  };
  useRouteLinkClicks(props.navigate);
  return { documents, model, handlers, session: runsSession ? sessionApi.session : undefined };
}
