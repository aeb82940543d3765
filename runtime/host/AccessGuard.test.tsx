import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AccessGuard } from './AccessGuard';

describe('AccessGuard: the access wrapper', () => {
  it('defaults (auth not required, bypass on) show the children', () => {
    const onDenied = vi.fn();
    render(
      <AccessGuard customerId={undefined} fallback={<p>fallback</p>} onDenied={onDenied}>
        page
      </AccessGuard>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(onDenied).not.toHaveBeenCalled();
  });

  it('auth required, no bypass, no customer: the fallback shows and the denied helper runs once', () => {
    const onDenied = vi.fn();
    render(
      <AccessGuard
        isAuthRequired
        isBypassContext={false}
        customerId={undefined}
        fallback={<p>fallback</p>}
        onDenied={onDenied}
      >
        page
      </AccessGuard>,
    );
    expect(screen.getByText('fallback')).toBeInTheDocument();
    expect(screen.queryByText('page')).toBeNull();
    expect(onDenied).toHaveBeenCalledTimes(1);
  });

  it('a logged-in customer id grants access', () => {
    const onDenied = vi.fn();
    render(
      <AccessGuard
        isAuthRequired
        isBypassContext={false}
        customerId="4711"
        fallback={<p>fallback</p>}
        onDenied={onDenied}
      >
        page
      </AccessGuard>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(onDenied).not.toHaveBeenCalled();
  });
});
