import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ValidatorStatus } from '../validation/live-validator';
import { ChecksFailedNotice } from './EditorViews';

const checks = vi.hoisted(() => ({ status: 'failed' as ValidatorStatus, retry: vi.fn() }));
vi.mock('../validation/live-validator', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../validation/live-validator')>()),
  useValidatorStatus: () => checks.status,
  retryValidator: checks.retry,
}));

const renderNotice = () =>
  render(
    <ChakraProvider value={defaultSystem}>
      <ChecksFailedNotice />
    </ChakraProvider>,
  );

beforeEach(() => {
  checks.status = 'failed';
  checks.retry.mockClear();
});

describe('when the validator does not load (docs/editor-bundle.md#when-the-validator-does-not-load)', () => {
  it('says the checks could not load, and Retry loads them again', async () => {
    renderNotice();
    expect(screen.getByRole('alert')).toHaveTextContent('The checks could not load.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry the checks' }));
    expect(checks.retry).toHaveBeenCalledTimes(1);
  });

  it('retries by itself when the browser is back online', () => {
    renderNotice();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(checks.retry).toHaveBeenCalledTimes(1);
  });

  it('says nothing while the checks load or once they have', () => {
    for (const status of ['idle', 'loading', 'ready'] as const) {
      checks.status = status;
      const { unmount } = renderNotice();
      expect(screen.queryByRole('alert')).toBeNull();
      act(() => void window.dispatchEvent(new Event('online')));
      unmount();
    }
    expect(checks.retry).not.toHaveBeenCalled();
  });
});
