import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeaderCustomerModel, HeaderModel } from '../../../resolver';
import { customer, privateHeader } from '../../__fixtures__/models';
import { renderWithShell } from '../../__fixtures__/render';
import { Header } from '../Header';

function renderPrivate(overrides: Partial<HeaderCustomerModel> = {}) {
  const model: HeaderModel = { ...privateHeader, customer: { ...customer, ...overrides } };
  const handlers = { onLogout: vi.fn(), onSwitchAccount: vi.fn() };
  renderWithShell(
    <>
      <Header model={model} {...handlers} />
      <button type="button">outside</button>
    </>,
  );
  return handlers;
}

const avatar = () => screen.getByTestId('avatar-button');
const panel = () => within(screen.getByTestId('account-panel'));

function stubClipboard() {
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Avatar button', () => {
  it('is a disclosure button named by the account-menu string with the unread count', async () => {
    renderPrivate();
    const user = userEvent.setup();
    expect(avatar()).toHaveAccessibleName('My account 3 unread messages');
    expect(avatar()).toHaveAttribute('aria-expanded', 'false');
    expect(avatar()).toHaveTextContent('JD');
    await user.click(avatar());
    expect(avatar()).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(avatar().getAttribute('aria-controls') ?? '')).toBe(
      screen.getByTestId('account-panel'),
    );
  });

  it('shows no unread badge when showUnreadMessage is off', () => {
    renderPrivate({ showUnreadMessage: false });
    expect(avatar()).toHaveAccessibleName('My account');
  });

  it('closes on Escape with focus back on the avatar, and on a click outside', async () => {
    renderPrivate();
    const user = userEvent.setup();
    await user.click(avatar());
    await user.tab();
    await user.keyboard('{Escape}');
    expect(avatar()).toHaveAttribute('aria-expanded', 'false');
    expect(avatar()).toHaveFocus();
    await user.click(avatar());
    await user.click(screen.getByRole('button', { name: 'outside' }));
    expect(avatar()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes an open navigation dropdown: one dropdown at a time', async () => {
    renderPrivate();
    const user = userEvent.setup();
    const savings = within(screen.getByTestId('desktop-nav')).getByRole('button', {
      name: 'Savings accounts',
      hidden: true,
    });
    await user.click(savings);
    await user.click(avatar());
    expect(savings).toHaveAttribute('aria-expanded', 'false');
    expect(avatar()).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('Account dropdown content', () => {
  it('shows the customer name, account menu links and logout', async () => {
    const handlers = renderPrivate();
    const user = userEvent.setup();
    await user.click(avatar());
    expect(panel().getByTestId('customer-name')).toHaveTextContent('Dr. Jane Doe');
    // The display name (first and last name) is part of the full name, so it is not repeated under it.
    expect(panel().getAllByText(/Jane Doe/)).toHaveLength(1);
    expect(panel().getByRole('link', { name: 'Documents' })).toHaveAttribute('aria-current', 'page');
    expect(panel().getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/en-gb/postbox/messages');
    await user.click(panel().getByRole('button', { name: 'Log out' }));
    expect(handlers.onLogout).toHaveBeenCalledTimes(1);
  });

  it('keeps logout out of the scrolling body, after it, so a long panel never scrolls it away (docs/rules.md#account-menu)', async () => {
    renderPrivate();
    const user = userEvent.setup();
    await user.click(avatar());
    const body = panel().getByTestId('account-panel-body');
    const logout = panel().getByRole('button', { name: 'Log out' });
    expect(body).toContainElement(panel().getByRole('list', { name: 'Switch account' }));
    expect(body).not.toContainElement(logout);
    expect(body.compareDocumentPosition(logout) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(getComputedStyle(body).overflowY).toBe('auto');
  });

  it('switches account by customer id', async () => {
    const handlers = renderPrivate();
    const user = userEvent.setup();
    await user.click(avatar());
    const list = panel().getByRole('list', { name: 'Switch account' });
    await user.click(within(list).getByRole('button', { name: 'Doe Holdings Ltd' }));
    expect(handlers.onSwitchAccount).toHaveBeenCalledWith('C-200');
  });

  it('has no switch list when the model has none', async () => {
    renderPrivate({ accountMenu: { ...customer.accountMenu, accountSwitch: undefined } });
    const user = userEvent.setup();
    await user.click(avatar());
    expect(panel().queryByRole('list', { name: 'Switch account' })).toBeNull();
  });
});

describe('Copying account identifiers', () => {
  it('copies the compact value and confirms for 3 seconds', async () => {
    vi.useFakeTimers();
    const writeText = stubClipboard();
    renderPrivate();
    fireEvent.click(avatar());
    expect(panel().getByText('DE89 3704 0044 0532 0130 00')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(panel().getByRole('button', { name: 'Copy IBAN' }));
    });
    expect(writeText).toHaveBeenCalledWith('DE89370400440532013000');
    expect(panel().getByTestId('copied-iban')).toHaveTextContent('Copied');
    expect(panel().getByTestId('copied-customer-number')).toHaveTextContent('');
    act(() => vi.advanceTimersByTime(2999));
    expect(panel().getByTestId('copied-iban')).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(panel().getByTestId('copied-iban')).toHaveTextContent('');
  });

  it('clears the confirmation when the dropdown closes', async () => {
    vi.useFakeTimers();
    stubClipboard();
    renderPrivate();
    fireEvent.click(avatar());
    await act(async () => {
      fireEvent.click(panel().getByRole('button', { name: 'Copy IBAN' }));
    });
    expect(panel().getByTestId('copied-iban')).toHaveTextContent('Copied');
    fireEvent.click(avatar());
    expect(screen.queryByTestId('copied-iban')).toBeNull();
    fireEvent.click(avatar());
    expect(panel().getByTestId('copied-iban')).toHaveTextContent('');
    // The old timer was cleared with the content; nothing fires into the reopened panel.
    act(() => vi.advanceTimersByTime(5000));
    expect(panel().getByTestId('copied-iban')).toHaveTextContent('');
  });

  it('shows no confirmation when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    renderPrivate();
    fireEvent.click(avatar());
    await act(async () => {
      fireEvent.click(panel().getByRole('button', { name: 'Copy IBAN' }));
    });
    expect(panel().getByTestId('copied-iban')).toHaveTextContent('');
  });
});

describe('Balance panel', () => {
  it('shows total and available figures, marking negative amounts', async () => {
    renderPrivate();
    fireEvent.click(avatar());
    const figures = within(panel().getByTestId('balance-figures'));
    expect(figures.getByText('Total balance')).toBeInTheDocument();
    expect(figures.getByText('€12,500.50')).not.toHaveAttribute('data-negative');
    expect(figures.getByText('Available balance')).toBeInTheDocument();
    expect(figures.getByText('-€20.00')).toHaveAttribute('data-negative');
    expect(panel().queryByTestId('balance-unavailable')).toBeNull();
  });

  it('shows the unavailable title with its tooltip as accessible description', () => {
    renderPrivate({
      balance: {
        kind: 'unavailable',
        title: 'Maintenance in progress',
        tooltip: 'Please check back shortly.',
        reason: 'maintenance',
      },
    });
    fireEvent.click(avatar());
    expect(panel().queryByTestId('balance-figures')).toBeNull();
    const title = panel().getByRole('button', { name: 'Maintenance in progress' });
    expect(title).toHaveAccessibleDescription('Please check back shortly.');
    expect(panel().getByRole('tooltip', { hidden: true })).toHaveTextContent('Please check back shortly.');
    expect(panel().getByTestId('balance-unavailable')).toHaveAttribute('data-reason', 'maintenance');
  });

  it('while the balance loads: the labels, busy, with no amount and no not-available title', () => {
    renderPrivate({ balance: { kind: 'loading', totalLabel: 'Total balance', availableLabel: 'Available balance' } });
    fireEvent.click(avatar());
    const loading = panel().getByTestId('balance-loading');
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(within(loading).getByText('Total balance')).toBeInTheDocument();
    expect(within(loading).getByText('Available balance')).toBeInTheDocument();
    expect(loading).not.toHaveTextContent(/€|\d/);
    expect(panel().queryByTestId('balance-unavailable')).toBeNull();
  });

  it('is absent when the model has no balance (not ACTIVE or hidden)', () => {
    renderPrivate({ balance: undefined });
    fireEvent.click(avatar());
    expect(panel().queryByTestId('balance-figures')).toBeNull();
    expect(panel().queryByTestId('balance-unavailable')).toBeNull();
  });
});
