import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_WAIT_MS, RichText, RichTextServerSanitizer } from './RichText';
import { sanitizeRichTextOnServer } from './sanitize-rich-text.server';

const HTML = '<p>Capital at risk. <a href="https://x.example/">Details</a></p>';

describe('rich text hydrating the server render', () => {
  let root: Root | undefined;
  /** The idle callbacks the component asked for, run by the test. */
  let idle: { run: () => void; timeout: number | undefined }[];
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });
  const stubIdleCallbacks = () => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: IdleRequestOptions) =>
      idle.push({ run, timeout: options?.timeout }),
    );
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  };

  it('keeps the server markup through hydration, without a warning, and the browser sanitiser takes over once the browser is idle', async () => {
    stubIdleCallbacks();
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <RichTextServerSanitizer value={sanitizeRichTextOnServer}>
        <RichText html={HTML} data-testid="rt" />
      </RichTextServerSanitizer>,
    );
    document.body.append(container);
    const serverLink = screen.getByRole('link', { name: 'Details' });
    const consoleError = vi.spyOn(console, 'error');
    const onRecoverableError = vi.fn();

    await act(async () => {
      root = hydrateRoot(container, <RichText html={HTML} data-testid="rt" />, { onRecoverableError });
    });

    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // docs/rendering.md#hydration: DOMPurify does not load while the customer's calls are answering.
    expect(idle.map((request) => request.timeout)).toEqual([IDLE_WAIT_MS]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('rt')).not.toHaveAttribute('data-sanitized');
    expect(screen.getByRole('link', { name: 'Details' })).toBe(serverLink);
    act(() => idle[0]!.run());
    await waitFor(() => expect(screen.getByTestId('rt')).toHaveAttribute('data-sanitized'));
    expect(screen.getByRole('link', { name: 'Details' })).not.toBe(serverLink);
    expect(screen.getByRole('link', { name: 'Details' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByTestId('rt')).toHaveTextContent('Capital at risk. Details');
  });

  it('a client render (no server markup) cleans and shows its text at once, without waiting for idle time', async () => {
    stubIdleCallbacks();
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    await act(async () => {
      root = createRoot(container);
      root.render(<RichText html={HTML} data-testid="rt" />);
    });
    await waitFor(() => expect(screen.getByTestId('rt')).toHaveAttribute('data-sanitized'));
    expect(idle).toEqual([]);
  });
});
