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
