import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShellModel } from '../resolver';
import { integratedShell, loadingShell, privateShell, publicShell, sessionStrings } from './__fixtures__/models';
import { renderWithShell } from './__fixtures__/render';
import { Shell, type ShellHandlers } from './Shell';
import { FOOTER_WAIT_MS, forgetShownFooter } from './shared/use-after-header-loads';

function renderShell(model: ShellModel, extra: Partial<Parameters<typeof Shell>[0]> = {}) {
  const handlers: ShellHandlers = {
    onLogout: vi.fn(),
    onOpenConsentSettings: vi.fn(),
    onChooseMarket: vi.fn(),
    onSwitchAccount: vi.fn(),
    onExtendSession: vi.fn(),
  };
  const shell = (next: ShellModel) => (
    <Shell model={next} handlers={handlers} {...extra}>
      <h1>Page body</h1>
    </Shell>
  );
  const { rerender } = renderWithShell(shell(model));
  return { handlers, user: userEvent.setup(), rerenderWith: (next: ShellModel) => rerender(shell(next)) };
}

describe('Shell', () => {
  // Each case is a first visit: the footer waits only for a document's first header.
  beforeEach(forgetShownFooter);

  it('renders banner, main and contentinfo landmarks around the page', () => {
    renderShell(publicShell);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Page body' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('starts with a skip link to the main content', async () => {
    const { user } = renderShell(publicShell);
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
  });

  it('keeps the skip link first when a banner shows above the header', async () => {
    const { user } = renderShell(publicShell, { banner: <button type="button">Choose country</button> });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Choose country' })).toHaveFocus();
  });

  it('renders the footer only once the header has loaded, so its render cannot hold up the header', async () => {
    vi.useFakeTimers();
    try {
      const { rerenderWith } = renderShell(loadingShell);
      expect(screen.getByTestId('header-skeleton')).toBeInTheDocument();
      expect(screen.queryByRole('contentinfo')).toBeNull();
      rerenderWith(privateShell);
      await act(async () => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders the footer after FOOTER_WAIT_MS when the header keeps loading (a slow network)', async () => {
    vi.useFakeTimers();
    try {
      renderShell(loadingShell);
      await act(async () => vi.advanceTimersByTimeAsync(FOOTER_WAIT_MS - 1));
      expect(screen.queryByRole('contentinfo')).toBeNull();
      await act(async () => vi.advanceTimersByTimeAsync(1));
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('has no footer when the model has none, and marks the language', () => {
    renderShell(integratedShell);
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('main').closest('[lang]')).toHaveAttribute('lang', 'en-GB');
  });

  it('is a root of the scoped reset, and so is the skip link, which drops in over the header (docs/architecture.md#styling)', () => {
    renderShell(publicShell);
    const root = screen.getByRole('main').closest('[lang]')!;
    expect(root).toHaveClass('ps-root', 'ps-shell');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveClass('ps-root');
    // The reset reaches inside: the footer's lists lose their bullets, as under Chakra's global preflight.
    expect(getComputedStyle(screen.getByRole('contentinfo').querySelector('ul')!).listStyle).toBe('none');
  });

  it('uses the model container width and design', () => {
    renderShell({ ...publicShell, design: 'v1', containerMaxWidth: 1320 });
    const container = screen.getByRole('banner').querySelector('[data-design]');
    expect(container).toHaveAttribute('data-design', 'v1');
    expect(container).toHaveStyle({ maxWidth: '1320px' });
  });

  it('reserves space for the fixed bottom action bar only when there is one', () => {
    renderShell(publicShell);
    expect(screen.getByTestId('action-bar-spacer')).toBeInTheDocument();
    document.body.innerHTML = '';
    renderShell(privateShell);
    expect(screen.queryByTestId('action-bar-spacer')).toBeNull();
    document.body.innerHTML = '';
    renderShell(loadingShell);
    expect(screen.queryByTestId('action-bar-spacer')).toBeNull();
  });

  it('passes the handlers through: logout from the account menu', async () => {
    const { user, handlers } = renderShell(privateShell);
    await user.click(screen.getByTestId('avatar-button'));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(handlers.onLogout).toHaveBeenCalledTimes(1);
  });

  it('shows the session countdown wired to the extend handler', async () => {
    const { user, handlers } = renderShell(privateShell, {
      session: { remainingSeconds: 60, extended: false, strings: sessionStrings },
    });
    await user.click(screen.getByRole('button', { name: 'Stay logged in' }));
    expect(handlers.onExtendSession).toHaveBeenCalledTimes(1);
  });
});
