import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstPaint } from './use-after-first-paint';

describe('useAfterFirstPaint', () => {
  it('commits false first, then true in a second commit of its own', () => {
    const committed: string[] = [];
    function Probe() {
      const after = useAfterFirstPaint();
      // What the DOM held at each commit, not what a render computed: the first commit must leave the list out.
      useLayoutEffect(() => {
        committed.push(screen.getByTestId('probe').textContent ?? '');
      });
      return <span data-testid="probe">{after ? 'list' : 'empty'}</span>;
    }
    render(<Probe />);
    expect(committed).toEqual(['empty', 'list']);
    expect(screen.getByTestId('probe')).toHaveTextContent('list');
  });
});

describe('useAfterFirstPaint with server markup (docs/rendering.md#hydration)', () => {
  function List() {
    return <ul data-testid="list">{useAfterFirstPaint() ? <li>item</li> : null}</ul>;
  }

  it('renders the lists on the server, for crawlers and visitors without JavaScript', async () => {
    const { renderToString } = await import('react-dom/server');
    expect(renderToString(<List />)).toContain('<li>item</li>');
  });

  it('hydrates that markup without a mismatch and keeps the list', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { act } = await import('@testing-library/react');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<List />);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <List />, { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(container.querySelectorAll('li')).toHaveLength(1);
  });
});
