import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichText, RichTextServerSanitizer } from './RichText';
import { sanitizeRichTextOnServer } from './sanitize-rich-text.server';

const HTML = '<p>Capital at risk. <a href="https://x.example/">Details</a></p>';

describe('rich text hydrating the server render', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it('keeps the server markup through hydration, without a warning, and the browser sanitiser takes over', async () => {
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
    await waitFor(() => expect(screen.getByTestId('rt')).toHaveAttribute('data-sanitized'));
    expect(screen.getByRole('link', { name: 'Details' })).not.toBe(serverLink);
    expect(screen.getByRole('link', { name: 'Details' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByTestId('rt')).toHaveTextContent('Capital at risk. Details');
  });
});
