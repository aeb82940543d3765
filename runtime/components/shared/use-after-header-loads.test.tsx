import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOOTER_WAIT_MS, forgetShownFooter, useAfterHeaderLoads } from './use-after-header-loads';

function Probe({ loading }: { loading: boolean }) {
  return <span data-testid="probe">{useAfterHeaderLoads(loading) ? 'ready' : 'waiting'}</span>;
}

describe('useAfterHeaderLoads', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    forgetShownFooter();
  });
  afterEach(() => vi.useRealTimers());

  it('is ready at once when the header does not load', () => {
    render(<Probe loading={false} />);
    expect(screen.getByTestId('probe')).toHaveTextContent('ready');
  });

  it('waits while the header loads and is ready once it has loaded', async () => {
    const { rerender } = render(<Probe loading />);
    await act(async () => vi.advanceTimersByTimeAsync(FOOTER_WAIT_MS - 1));
    expect(screen.getByTestId('probe')).toHaveTextContent('waiting');
    rerender(<Probe loading={false} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('probe')).toHaveTextContent('ready');
  });

  it('stops waiting after FOOTER_WAIT_MS even if the header still loads', async () => {
    render(<Probe loading />);
    await act(async () => vi.advanceTimersByTimeAsync(FOOTER_WAIT_MS));
    expect(screen.getByTestId('probe')).toHaveTextContent('ready');
  });

  it('stays ready when the header loads again (an account switch)', async () => {
    const { rerender } = render(<Probe loading={false} />);
    rerender(<Probe loading />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('probe')).toHaveTextContent('ready');
  });

  it('a later mount (an account switch remounts the Shell) is ready at once, even while its header loads', async () => {
    const first = render(<Probe loading={false} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    first.unmount();
    render(<Probe loading />);
    expect(screen.getByTestId('probe')).toHaveTextContent('ready');
  });

  it('a later mount still waits when no footer was shown before', () => {
    const first = render(<Probe loading />);
    first.unmount();
    render(<Probe loading />);
    expect(screen.getByTestId('probe')).toHaveTextContent('waiting');
  });
});

describe('useAfterHeaderLoads with server markup (docs/rendering.md#hydration)', () => {
  beforeEach(() => forgetShownFooter());

  it('the server renders the footer even while the header loads, and hydrating keeps it without a warning', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const html = renderToString(<Probe loading />);
    expect(html).toContain('ready');
    const container = document.createElement('div');
    container.innerHTML = html;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Probe loading />, { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(container.textContent).toBe('ready');
    errors.mockRestore();
  });
});
