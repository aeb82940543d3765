import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeaderModel } from '../../resolver';
import {
  corporateHeader,
  integratedHeader,
  loadingHeader,
  logoOnlyHeader,
  partnerHeader,
  privateHeader,
  publicHeader,
} from '../__fixtures__/models';
import { mockViewport, renderWithShell } from '../__fixtures__/render';
import { Header } from './Header';

function renderHeader(model: HeaderModel = publicHeader) {
  const handlers = { onLogout: vi.fn(), onSwitchAccount: vi.fn(), onActionItem: vi.fn() };
  const view = renderWithShell(
    <>
      <Header model={model} {...handlers} />
      <button type="button">outside</button>
    </>,
  );
  return { ...view, handlers, user: userEvent.setup() };
}

// jsdom applies only base (mobile) styles, so the desktop bar is display:none there; its
// elements are queried with hidden: true and panels checked through their hidden attribute.
const desktop = () => within(screen.getByTestId('desktop-nav'));
const disclosure = (name: string) => desktop().getByRole('button', { name, hidden: true });
const desktopLink = (name: string | RegExp) => desktop().getByRole('link', { name, hidden: true });
const openPanels = () => screen.getAllByTestId('submenu-panel').filter((panel) => !panel.hidden);

afterEach(() => {
  document.body.style.overflow = '';
});

describe('Header landmarks and links', () => {
  it('is one banner landmark with a labelled navigation', async () => {
    const { user } = renderHeader();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getByTestId('desktop-nav')).toHaveAttribute('aria-label', 'Main navigation');
    // Below lg the same navigation lives in the slide-down panel; only one is ever exposed.
    expect(screen.queryByRole('navigation')).toBeNull();
    await user.click(screen.getByTestId('mobile-menu-button'));
    expect(screen.getAllByRole('navigation', { name: 'Main navigation' })).toHaveLength(1);
  });

  it('links the logo home and renders every target as a real anchor', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Depona – go to the homepage' })).toHaveAttribute('href', '/en-gb/');
    for (const anchor of screen.getAllByRole('link', { hidden: true })) expect(anchor).toHaveAttribute('href');
  });

  it('marks the active link with aria-current="page" and external links with rel', async () => {
    const { user } = renderHeader();
    await user.click(disclosure('Savings accounts'));
    expect(desktopLink(/Fixed-rate bonds/)).toHaveAttribute('aria-current', 'page');
    expect(desktopLink(/Easy access/)).not.toHaveAttribute('aria-current');
    await user.click(disclosure('Help'));
    expect(desktopLink('Help centre')).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows login and registration as links', () => {
    renderHeader();
    // Inline from md up (hidden in jsdom's base styles), in the action bar below md.
    const actions = within(screen.getByTestId('header-actions'));
    expect(actions.getByRole('link', { name: 'Log in', hidden: true })).toHaveAttribute('href', '/en-gb/login/');
    expect(actions.getByRole('link', { name: 'Open an account', hidden: true })).toHaveAttribute(
      'href',
      '/en-gb/register/',
    );
  });

  it('runs the action item callback on click', async () => {
    const { user, handlers } = renderHeader();
    const login = within(screen.getByTestId('action-bar')).getByRole('link', { name: 'Log in' });
    login.addEventListener('click', (event) => event.preventDefault());
    await user.click(login);
    expect(handlers.onActionItem).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'login', callback: 'trackLogin' }),
    );
  });
});

describe('Desktop dropdowns (disclosure navigation)', () => {
  it('toggles aria-expanded and shows the panel named by aria-controls', async () => {
    const { user } = renderHeader();
    const button = disclosure('Savings accounts');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel?.hidden).toBe(true);
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel?.hidden).toBe(false);
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel?.hidden).toBe(true);
  });

  it('keeps every closed dropdown in the DOM with its links (crawlable, and aria-controls has a target)', () => {
    renderHeader();
    const panels = screen.getAllByTestId('submenu-panel');
    expect(panels.length).toBeGreaterThan(0);
    for (const panel of panels) {
      expect(panel.hidden).toBe(true);
      expect(within(panel).getAllByRole('link', { hidden: true }).length).toBeGreaterThan(0);
    }
  });

  it('keeps only one dropdown open at a time', async () => {
    const { user } = renderHeader();
    await user.click(disclosure('Savings accounts'));
    await user.click(disclosure('Help'));
    expect(disclosure('Help')).toHaveAttribute('aria-expanded', 'true');
    expect(disclosure('Savings accounts')).toHaveAttribute('aria-expanded', 'false');
    expect(openPanels()).toHaveLength(1);
  });

  // user.tab() skips the display:none desktop bar in jsdom, so focus is moved directly.
  it('closes on Escape and returns focus to its button', async () => {
    const { user } = renderHeader();
    await user.click(disclosure('Savings accounts'));
    act(() => desktopLink(/Fixed-rate bonds/).focus());
    expect(desktopLink(/Fixed-rate bonds/)).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(disclosure('Savings accounts')).toHaveAttribute('aria-expanded', 'false');
    expect(disclosure('Savings accounts')).toHaveFocus();
  });

  it('closes when focus moves out of the dropdown', async () => {
    const { user } = renderHeader();
    await user.click(disclosure('Savings accounts'));
    act(() => desktopLink(/Fixed-rate bonds/).focus());
    expect(disclosure('Savings accounts')).toHaveAttribute('aria-expanded', 'true');
    act(() => screen.getByRole('button', { name: 'outside' }).focus());
    expect(disclosure('Savings accounts')).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open while focus moves within the dropdown', async () => {
    const { user } = renderHeader();
    await user.click(disclosure('Savings accounts'));
    act(() => desktopLink(/Fixed-rate bonds/).focus());
    act(() => desktopLink(/Easy access/).focus());
    expect(desktopLink(/Easy access/)).toHaveFocus();
    expect(disclosure('Savings accounts')).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes on a click outside but not on a click inside the panel', async () => {
    const { user } = renderHeader();
    await user.click(disclosure('Savings accounts'));
    await user.click(desktop().getByText('Your savings are protected'));
    expect(disclosure('Savings accounts')).toHaveAttribute('aria-expanded', 'true');
    await user.click(document.body);
    expect(disclosure('Savings accounts')).toHaveAttribute('aria-expanded', 'false');
  });

  it('lays out the panel by its submenu layout', async () => {
    const { user } = renderHeader();
    await user.click(disclosure('Help'));
    expect(openPanels()[0]).toHaveAttribute('data-layout', 'even');
  });
});

describe('Mobile menu (below lg)', () => {
  const menuButton = () => screen.getByTestId('mobile-menu-button');

  it('toggles the panel, its label and aria-expanded', async () => {
    const { user } = renderHeader();
    expect(menuButton()).toHaveAccessibleName('Open menu');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton());
    expect(menuButton()).toHaveAccessibleName('Close menu');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(menuButton().getAttribute('aria-controls') ?? '');
    expect(panel).toBe(screen.getByTestId('mobile-menu-panel'));
    expect(panel).toBeVisible();
    await user.click(menuButton());
    expect(panel).not.toBeVisible();
  });

  it('locks body scrolling while open and restores it on close and unmount', async () => {
    document.body.style.overflow = 'auto';
    const { user, unmount } = renderHeader();
    await user.click(menuButton());
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(menuButton());
    expect(document.body.style.overflow).toBe('auto');
    await user.click(menuButton());
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('auto');
  });

  it('closes on Escape and returns focus to the menu button', async () => {
    const { user } = renderHeader();
    await user.click(menuButton());
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('does not open (or lock scrolling) at desktop width', async () => {
    mockViewport(() => true);
    const { user } = renderHeader();
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });

  it('turns each dropdown into an accordion section', async () => {
    const { user } = renderHeader();
    await user.click(menuButton());
    const panel = within(screen.getByTestId('mobile-menu-panel'));
    const savings = panel.getByRole('button', { name: 'Savings accounts' });
    const section = document.getElementById(savings.getAttribute('aria-controls') ?? '');
    expect(savings).toHaveAttribute('aria-expanded', 'false');
    expect(section).not.toBeVisible();
    await user.click(savings);
    expect(savings).toHaveAttribute('aria-expanded', 'true');
    expect(section).toBeVisible();
    expect(within(section!).getByRole('link', { name: /1-year bonds/ })).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Help' }));
    expect(savings).toHaveAttribute('aria-expanded', 'false');
  });

  it('has a fixed bottom action bar for public headers', () => {
    renderHeader();
    const bar = screen.getByTestId('action-bar');
    expect(bar).toHaveAttribute('data-position', 'bottom');
    expect(
      within(bar)
        .getAllByRole('link')
        .map((anchor) => anchor.textContent),
    ).toEqual(['Log in', 'Open an account']);
  });
});

describe('Header types and variants', () => {
  it('integrated: no navigation and the action bar at the top', () => {
    renderHeader(integratedHeader);
    expect(screen.queryByRole('navigation', { hidden: true })).toBeNull();
    expect(screen.queryByTestId('mobile-menu-button')).toBeNull();
    expect(screen.getByTestId('action-bar')).toHaveAttribute('data-position', 'top');
  });

  it('corporate: its own type and the My Account login', () => {
    renderHeader(corporateHeader);
    expect(screen.getByRole('banner')).toHaveAttribute('data-header-type', 'corporate');
    expect(
      within(screen.getByTestId('header-actions')).getByRole('link', { name: 'My Account', hidden: true }),
    ).toHaveAttribute('href', '/en/login/');
  });

  it('partner visitor: partner logo and login only, no navigation', () => {
    renderHeader(partnerHeader);
    expect(screen.getByTestId('partner-logo')).toHaveAttribute('alt', 'DKB');
    expect(screen.queryByRole('navigation', { hidden: true })).toBeNull();
    expect(within(screen.getByTestId('header-actions')).getAllByRole('link', { hidden: true })).toHaveLength(1);
  });

  it('logo only: nothing but the logo', () => {
    renderHeader(logoOnlyHeader);
    expect(screen.getAllByRole('link', { hidden: true })).toHaveLength(1);
    expect(screen.queryByRole('button', { hidden: true, name: /menu/ })).toBeNull();
  });

  it('private: avatar instead of login actions, unread badge on enabled nav items', () => {
    renderHeader(privateHeader);
    expect(screen.queryByTestId('header-actions')).toBeNull();
    expect(screen.getByTestId('avatar-button')).toHaveAccessibleName('My account 3 unread messages');
    expect(desktopLink('Messages 3 unread messages')).toBeInTheDocument();
  });
});

describe('Loading header', () => {
  it('shows 4 skeleton columns and an avatar placeholder instead of navigation and avatar', () => {
    renderHeader(loadingHeader);
    expect(screen.getByTestId('header-skeleton-columns').children).toHaveLength(4);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('navigation', { hidden: true })).toBeNull();
    expect(screen.queryByTestId('avatar-button')).toBeNull();
    expect(screen.queryByTestId('action-bar')).toBeNull();
  });

  it('keeps the header bar at its final height', () => {
    const { rerender } = renderHeader(loadingHeader);
    const bar = () => screen.getByRole('banner').querySelector('[data-design]')?.firstElementChild;
    const loadingClass = bar()?.className;
    rerender(<Header model={privateHeader} onLogout={() => {}} onSwitchAccount={() => {}} />);
    // Same element, same height styles: the bar's height does not depend on the loading state.
    expect(bar()?.className).toBe(loadingClass);
  });
});
