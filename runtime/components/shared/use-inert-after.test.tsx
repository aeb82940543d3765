import { render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useInertAfter } from './use-inert-after';

function Page({ active }: { active: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useInertAfter(ref, active);
  return (
    <div>
      <p data-testid="before">before</p>
      <div>
        <header ref={ref} data-testid="header">
          <a href="#x">in the header</a>
        </header>
        <main data-testid="main">main</main>
      </div>
      <footer data-testid="footer">footer</footer>
      <aside data-testid="already" inert>
        kept
      </aside>
    </div>
  );
}

describe('useInertAfter', () => {
  it('makes what follows the element inert while active, nothing before it and not the element itself', () => {
    const { getByTestId, rerender } = render(<Page active={false} />);
    expect(getByTestId('main')).not.toHaveAttribute('inert');
    rerender(<Page active />);
    expect(getByTestId('main')).toHaveAttribute('inert');
    expect(getByTestId('footer')).toHaveAttribute('inert');
    expect(getByTestId('header')).not.toHaveAttribute('inert');
    expect(getByTestId('before')).not.toHaveAttribute('inert');
  });

  it('restores only what it changed', () => {
    const { getByTestId, rerender } = render(<Page active />);
    rerender(<Page active={false} />);
    expect(getByTestId('main')).not.toHaveAttribute('inert');
    expect(getByTestId('footer')).not.toHaveAttribute('inert');
    expect(getByTestId('already')).toHaveAttribute('inert');
  });
});
