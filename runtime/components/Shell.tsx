import { memo, useMemo, type ReactNode } from 'react';
import type { MarketModel, ResolvedActionItem, ShellModel } from '../resolver';
import { DesignProvider } from './DesignContext';
import { Footer } from './Footer/Footer';
import type { FooterLinkTap } from './Footer/footer-tap';
import { Header } from './Header/Header';
import { SessionCountdown, type SessionStrings } from './SessionCountdown/SessionCountdown';
import { SkipLink } from './SkipLink';
import { useAfterHeaderLoads } from './shared/use-after-header-loads';
import { useLatestCallback, useSharedStructure } from './shared/use-stable';

// Every data answer renders the Shell again; these skip it when their part of the model did not change.
const MemoHeader = memo(Header);
const MemoFooter = memo(Footer);
const MemoMain = memo(function Main({ children }: { children: ReactNode }) {
  // tabIndex -1 lets the skip link move focus here, not only scroll.
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="ps-shell__main">
      {children}
    </main>
  );
});

export const MAIN_CONTENT_ID = 'main-content';

export interface ShellHandlers {
  onLogout: () => void;
  onOpenConsentSettings: () => void;
  onChooseMarket: (market: MarketModel) => void;
  onSwitchAccount: (customerId: string) => void;
  /** Absent when extending is not allowed; the countdown then offers logout only. */
  onExtendSession?: () => void;
  /** Runs an action item's named callback (e.g. trackLogin) before its link is followed. */
  onActionItem?: (item: ResolvedActionItem) => void;
  /** Every activation of a footer link, for analytics (docs/rules.md#tracking); navigation is not affected. */
  onFooterLinkTap?: (tap: FooterLinkTap) => void;
}

/** Countdown state from the session monitor; the shell model itself carries no session data. */
export interface ShellSession {
  remainingSeconds: number | null;
  extended: boolean;
  strings: SessionStrings;
}

export interface ShellProps {
  model: ShellModel;
  children: ReactNode;
  handlers: ShellHandlers;
  /** Optional session countdown, shown above everything when due. */
  session?: ShellSession;
  /** Optional notice above the header (the country banner), after the skip link so that stays the first stop. */
  banner?: ReactNode;
}

/**
 * The page chrome: skip link, header (banner), main content, footer (contentinfo). Everything shown comes from
 * the resolved model; the handlers are the only way out. While the header loads, the footer waits
 * (useAfterHeaderLoads). Styled by shell.css and the blocks' stylesheets, which the entry point loads
 * (docs/architecture.md#styling); nothing above it is needed.
 */
export function Shell({ model, children, handlers, session, banner }: ShellProps) {
  const header = useSharedStructure(model.header);
  const footer = useSharedStructure(model.footer);
  const footerReady = useAfterHeaderLoads(header.loading);
  const design = useMemo(
    () => ({ design: model.design, containerMaxWidth: model.containerMaxWidth }),
    [model.design, model.containerMaxWidth],
  );
  const onLogout = useLatestCallback(handlers.onLogout);
  const onSwitchAccount = useLatestCallback(handlers.onSwitchAccount);
  const onActionItem = useLatestCallback((item: ResolvedActionItem) => handlers.onActionItem?.(item));
  const onOpenConsentSettings = useLatestCallback(handlers.onOpenConsentSettings);
  const onChooseMarket = useLatestCallback(handlers.onChooseMarket);
  const onFooterLinkTap = useLatestCallback((tap: FooterLinkTap) => handlers.onFooterLinkTap?.(tap));
  // A fixed bottom action bar would cover the end of the page; reserve its height below md.
  const reserveActionBar = !header.loading && header.actionItems.length > 0 && header.actionBarPosition === 'bottom';

  return (
    <DesignProvider value={design}>
      <div lang={model.locale} className="ps-root ps-shell" data-design={model.design}>
        <SkipLink targetId={MAIN_CONTENT_ID} label={header.strings.skipToContent} />
        {banner}
        <MemoHeader model={header} onLogout={onLogout} onSwitchAccount={onSwitchAccount} onActionItem={onActionItem} />
        <MemoMain>{children}</MemoMain>
        {footer && footerReady && (
          <MemoFooter
            model={footer}
            onOpenConsentSettings={onOpenConsentSettings}
            onChooseMarket={onChooseMarket}
            onFooterLinkTap={onFooterLinkTap}
            closeLabel={header.strings.closeMenu}
          />
        )}
        {reserveActionBar && (
          <div className="ps-shell__action-bar-space" aria-hidden="true" data-testid="action-bar-spacer" />
        )}
        {session && (
          <SessionCountdown
            remainingSeconds={session.remainingSeconds}
            extended={session.extended}
            strings={session.strings}
            onExtend={handlers.onExtendSession}
            onLogout={handlers.onLogout}
          />
        )}
      </div>
    </DesignProvider>
  );
}
