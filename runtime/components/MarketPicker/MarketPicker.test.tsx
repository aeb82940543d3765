import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { footerModel } from '../__fixtures__/models';
import { mockViewport, renderWithShell } from '../__fixtures__/render';
import { MarketPicker } from './MarketPicker';

const picker = footerModel.marketPicker!;

function renderPicker() {
  const onChooseMarket = vi.fn();
  renderWithShell(
    <>
      <MarketPicker picker={picker} closeLabel="Close menu" onChooseMarket={onChooseMarket} />
      <button type="button">outside</button>
    </>,
  );
  return { onChooseMarket, user: userEvent.setup() };
}

const trigger = () => screen.getByRole('button', { name: 'Choose your country United Kingdom' });

afterEach(() => {
  document.body.style.overflow = '';
});

describe('MarketPicker as a dropdown (md and up)', () => {
  it('opens a list of markets with the current one marked', async () => {
    mockViewport(() => true);
    const { user } = renderPicker();
    const dropdown = screen.getByTestId('market-dropdown');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveAttribute('aria-controls', dropdown.id);
    expect(dropdown).not.toBeVisible();
    await user.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(dropdown).toBeVisible();
    const links = within(dropdown).getAllByRole('link');
    expect(links.map((anchor) => anchor.textContent)).toEqual(['Deutschland', 'United Kingdom', 'Other / EU']);
    expect(within(dropdown).getByRole('link', { name: 'United Kingdom' })).toHaveAttribute('aria-current', 'true');
    // Named in the page's language; hreflang says the market's pages are in German.
    expect(within(dropdown).getByRole('link', { name: 'Deutschland' })).toHaveAttribute('hreflang', 'de-DE');
    expect(within(dropdown).getByRole('link', { name: 'Deutschland' })).not.toHaveAttribute('lang');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on an outside click', async () => {
    mockViewport(() => true);
    const { user } = renderPicker();
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'outside' }));
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('market-dropdown')).not.toBeVisible();
  });

  it('closes on Escape and returns focus to the button', async () => {
    mockViewport(() => true);
    const { user } = renderPicker();
    await user.click(trigger());
    await user.tab();
    expect(screen.getByRole('link', { name: 'Deutschland' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveFocus();
  });

  it('hands a plain click on a market to onChooseMarket instead of navigating', async () => {
    mockViewport(() => true);
    const { user, onChooseMarket } = renderPicker();
    await user.click(trigger());
    const germany = screen.getByRole('link', { name: 'Deutschland' });
    expect(germany).toHaveAttribute('href', '/de-de/');
    const notPrevented = fireEvent.click(germany);
    expect(notPrevented).toBe(false);
    expect(onChooseMarket).toHaveBeenCalledWith(expect.objectContaining({ id: 'de', preferredLocale: 'de-DE' }));
    // A ctrl-click keeps the browser's "open in new tab" behaviour.
    onChooseMarket.mockClear();
    expect(fireEvent.click(germany, { ctrlKey: true })).toBe(true);
    expect(onChooseMarket).not.toHaveBeenCalled();
  });
});

describe('MarketPicker as a modal dialog (below md)', () => {
  it('opens a labelled modal dialog and moves focus into it', async () => {
    const { user } = renderPicker();
    expect(trigger()).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(trigger());
    const dialog = screen.getByRole('dialog', { name: 'Choose your country' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('traps Tab inside the dialog', async () => {
    const { user } = renderPicker();
    await user.click(trigger());
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    const last = within(dialog).getByRole('link', { name: 'Other / EU' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      'the close button',
      async (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Close menu' })),
    ],
    [
      'the backdrop',
      async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByTestId('market-dialog-backdrop')),
    ],
  ])('closes with %s and returns focus to the picker button', async (_how, close) => {
    const { user } = renderPicker();
    await user.click(trigger());
    await close(user);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger()).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('chooses a market from the dialog', async () => {
    const { user, onChooseMarket } = renderPicker();
    await user.click(trigger());
    act(() => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Other / EU' }));
    });
    expect(onChooseMarket).toHaveBeenCalledWith(expect.objectContaining({ id: 'eu' }));
  });
});

describe('MarketPicker without JavaScript', () => {
  const element = <MarketPicker picker={picker} closeLabel="Close menu" onChooseMarket={() => undefined} />;

  it('is a <details> in the server HTML whose content links to every market', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    const details = container.querySelector('details')!;
    expect(details.querySelector('summary')).toHaveTextContent('United Kingdom');
    const links = [...details.querySelectorAll('a')].map((anchor) => [anchor.textContent, anchor.getAttribute('href')]);
    expect(links).toEqual([
      ['Deutschland', '/de-de/'],
      ['United Kingdom', '/en-gb/'],
      ['Other / EU', '/en/select-country/'],
    ]);
    expect(container.querySelector('button')).toBeNull();
  });

  it('hydrates that HTML without a mismatch, then becomes the button', async () => {
    mockViewport(() => true);
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(element);
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, element, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('details')).toBeNull();
    expect(within(container).getByRole('button', { name: 'Choose your country United Kingdom' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    act(() => root.unmount());
    container.remove();
  });
});
