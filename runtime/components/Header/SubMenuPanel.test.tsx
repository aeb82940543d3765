import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ResolvedNavItem } from '../../resolver';
import { publicHeader } from '../__fixtures__/models';
import { renderWithShell } from '../__fixtures__/render';
import { MobileMenuPanel } from './MobileMenuPanel';
import { SubMenuPanel } from './SubMenuPanel';

// Holds the panels in their first render: the moment before React's deferred pass adds the closed lists.
vi.mock('../shared/use-after-first-paint', () => ({ useAfterFirstPaint: () => false }));

const withSubMenu = publicHeader.navItems.find(
  (item): item is ResolvedNavItem & Required<Pick<ResolvedNavItem, 'subMenu'>> => !!item.subMenu,
)!;
const links = (element: HTMLElement) => within(element).queryAllByRole('link', { hidden: true });

describe('Panels before the deferred pass', () => {
  it('a closed dropdown is already there (aria-controls has a target) but holds no list yet', () => {
    renderWithShell(<SubMenuPanel id="panel" subMenu={withSubMenu.subMenu} open={false} align="start" />);
    const panel = screen.getByTestId('submenu-panel');
    expect(panel).toHaveAttribute('id', 'panel');
    expect(panel.hidden).toBe(true);
    expect(links(panel)).toHaveLength(0);
  });

  it('a dropdown opened before the pass shows its links at once', () => {
    renderWithShell(<SubMenuPanel id="panel" subMenu={withSubMenu.subMenu} open align="start" />);
    expect(links(screen.getByTestId('submenu-panel')).length).toBeGreaterThan(0);
  });

  it('the mobile panel shows its rows at once when opened before the pass', () => {
    const props = {
      id: 'mobile',
      items: publicHeader.navItems,
      label: 'Main navigation',
      unreadCount: 0,
      unreadLabel: '{count} unread',
    };
    const { rerender } = renderWithShell(<MobileMenuPanel {...props} open={false} />);
    expect(within(screen.getByTestId('mobile-menu-panel')).queryAllByRole('listitem', { hidden: true })).toHaveLength(
      0,
    );
    rerender(<MobileMenuPanel {...props} open />);
    expect(within(screen.getByTestId('mobile-menu-panel')).getAllByRole('listitem').length).toBe(
      publicHeader.navItems.filter((item) => item.subMenu || item.link).length,
    );
  });
});
