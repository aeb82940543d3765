import { useCallback, useId, useRef, useState } from 'react';
import type { HeaderModel, ResolvedActionItem } from '../../resolver';
import { mediaQueries } from '../../theme/breakpoints';
import { PageContainer } from '../PageContainer';
import { HeaderSkeleton } from '../Skeletons';
import { useBodyScrollLock } from '../shared/use-body-scroll-lock';
import { useDismiss } from '../shared/use-dismiss';
import { useInertAfter } from '../shared/use-inert-after';
import { useMediaQuery } from '../shared/use-media-query';
import { AccountMenu } from './AccountMenu/AccountMenu';
import { ActionBar } from './ActionBar';
import { ActionLink } from './ActionLink';
import { DesktopNav } from './DesktopNav';
import { Logos } from './Logos';
import { MobileMenuButton } from './MobileMenuButton';
import { MobileMenuPanel } from './MobileMenuPanel';

export interface HeaderProps {
  model: HeaderModel;
  onLogout: () => void;
  onSwitchAccount: (customerId: string) => void;
  /** Runs an action item's named callback (tracking) before the browser follows its link. */
  onActionItem?: (item: ResolvedActionItem) => void;
}

/** Id of the account dropdown in the header's "which dropdown is open" state. */
const ACCOUNT_MENU = '__account';

/**
 * The banner landmark. Every header type (public, private, integrated, corporate and the
 * logo-only and partner variants) is the same frame filled from the model: what is absent in
 * the model is simply not rendered. The bar has a fixed height per breakpoint, so loading,
 * logged-in and logged-out states all occupy the same space.
 */
export function Header({ model, onLogout, onSwitchAccount, onActionItem }: HeaderProps) {
  const { strings, navItems, actionItems, customer, loading } = model;
  const panelId = `ps-menu-${useId().replace(/:/g, '')}`;

  // One state for every dropdown in the bar (nav items and the account menu): only one is open.
  const [openId, setOpenId] = useState<string | null>(null);
  const toggle = useCallback((id: string) => setOpenId((current) => (current === id ? null : id)), []);
  const close = useCallback((id: string) => setOpenId((current) => (current === id ? null : current)), []);

  // The slide-down panel exists below lg only; crossing into desktop width closes it (and unlocks scrolling).
  const [menuOpen, setMenuOpen] = useState(false);
  const isDesktop = useMediaQuery(mediaQueries.lg);
  const mobileOpen = menuOpen && !isDesktop;
  useBodyScrollLock(mobileOpen);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mobilePanelRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  // The open panel covers the page; Tab goes round the header and its rows, not into the page behind.
  useInertAfter(headerRef, mobileOpen);
  useDismiss({
    open: mobileOpen,
    insideRefs: [mobilePanelRef, menuButtonRef],
    triggerRef: menuButtonRef,
    onDismiss: () => setMenuOpen(false),
    // The panel covers the page; tabbing past it (to the avatar) should not snap it shut.
    closeOnFocusOut: false,
  });

  const hasNav = navItems.length > 0;
  const unreadCount = customer?.unreadCount ?? 0;

  return (
    <header
      ref={headerRef}
      className={model.type === 'corporate' ? 'ps-root ps-header ps-header--corporate' : 'ps-root ps-header'}
      data-header-type={model.type}
      data-variant={model.variant}
    >
      <PageContainer>
        <div className="ps-header__bar">
          <Logos logos={model.logoItems} partnerLogo={model.partnerLogo} />
          {loading ? (
            <HeaderSkeleton label={strings.loading} />
          ) : (
            <>
              {hasNav && (
                <DesktopNav
                  items={navItems}
                  label={strings.mainNavigation}
                  openId={openId}
                  onToggle={toggle}
                  onClose={close}
                  unreadCount={unreadCount}
                  unreadLabel={strings.unreadMessages}
                />
              )}
              <div className="ps-header__spacer" />
              {actionItems.length > 0 && (
                <div className="ps-header__actions" data-testid="header-actions">
                  {actionItems.map((item) => (
                    <ActionLink key={item.id} item={item} onAction={onActionItem} />
                  ))}
                </div>
              )}
              {customer && (
                <AccountMenu
                  customer={customer}
                  strings={strings}
                  open={openId === ACCOUNT_MENU}
                  onToggle={() => {
                    setMenuOpen(false);
                    toggle(ACCOUNT_MENU);
                  }}
                  onClose={() => close(ACCOUNT_MENU)}
                  onLogout={onLogout}
                  onSwitchAccount={onSwitchAccount}
                />
              )}
              {hasNav && (
                <MobileMenuButton
                  ref={menuButtonRef}
                  open={mobileOpen}
                  controls={panelId}
                  openLabel={strings.openMenu}
                  closeLabel={strings.closeMenu}
                  onToggle={() => {
                    setOpenId(null);
                    setMenuOpen((open) => !open);
                  }}
                />
              )}
            </>
          )}
        </div>
      </PageContainer>
      {hasNav && !loading && (
        <MobileMenuPanel
          ref={mobilePanelRef}
          id={panelId}
          open={mobileOpen}
          items={navItems}
          label={strings.mainNavigation}
          unreadCount={unreadCount}
          unreadLabel={strings.unreadMessages}
        />
      )}
      {!loading && <ActionBar items={actionItems} position={model.actionBarPosition} onAction={onActionItem} />}
    </header>
  );
}
