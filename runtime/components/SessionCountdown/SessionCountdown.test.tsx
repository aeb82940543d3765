import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStrings } from '../__fixtures__/models';
import { renderWithShell } from '../__fixtures__/render';
import { formatCountdown } from './format-countdown';
import { SessionCountdown } from './SessionCountdown';

describe('formatCountdown', () => {
  it.each([
    [120, '2:00'],
    [65, '1:05'],
    [9.2, '0:10'],
    [0, '0:00'],
    [-3, '0:00'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

describe('SessionCountdown', () => {
  it('renders nothing while the countdown is not due', () => {
    const { container } = renderWithShell(
      <SessionCountdown
        remainingSeconds={null}
        extended={false}
        strings={sessionStrings}
        onExtend={() => {}}
        onLogout={() => {}}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the remaining time in an alert dialog and focuses the extend button', async () => {
    const onExtend = vi.fn();
    const onLogout = vi.fn();
    renderWithShell(
      <SessionCountdown
        remainingSeconds={95}
        extended={false}
        strings={sessionStrings}
        onExtend={onExtend}
        onLogout={onLogout}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Your session is about to expire' });
    expect(dialog).toHaveAccessibleDescription('For your security, you will be logged out in 1:35.');
    const extend = screen.getByRole('button', { name: 'Stay logged in' });
    expect(extend).toHaveFocus();
    const user = userEvent.setup();
    await user.click(extend);
    expect(onExtend).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Log out now' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('offers only logout when extending is not allowed', () => {
    renderWithShell(
      <SessionCountdown remainingSeconds={30} extended={false} strings={sessionStrings} onLogout={() => {}} />,
    );
    expect(screen.queryByRole('button', { name: 'Stay logged in' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log out now' })).toHaveFocus();
  });

  it('shows the extended confirmation as a status message', () => {
    renderWithShell(
      <SessionCountdown
        remainingSeconds={30}
        extended
        strings={sessionStrings}
        onExtend={() => {}}
        onLogout={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Your session has been extended.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('gives focus back when the countdown goes away', () => {
    const before = document.createElement('button');
    document.body.append(before);
    before.focus();
    const { rerender } = renderWithShell(
      <SessionCountdown
        remainingSeconds={30}
        extended={false}
        strings={sessionStrings}
        onExtend={() => {}}
        onLogout={() => {}}
      />,
    );
    expect(before).not.toHaveFocus();
    rerender(
      <SessionCountdown
        remainingSeconds={null}
        extended={false}
        strings={sessionStrings}
        onExtend={() => {}}
        onLogout={() => {}}
      />,
    );
    expect(before).toHaveFocus();
    before.remove();
  });
});
