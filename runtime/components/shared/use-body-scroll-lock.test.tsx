import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBodyScrollLock } from './use-body-scroll-lock';

describe('useBodyScrollLock', () => {
  it('locks while active and restores the previous value', () => {
    document.body.style.overflow = 'scroll';
    const { rerender, unmount } = renderHook(({ active }) => useBodyScrollLock(active), {
      initialProps: { active: false },
    });
    expect(document.body.style.overflow).toBe('scroll');
    act(() => rerender({ active: true }));
    expect(document.body.style.overflow).toBe('hidden');
    act(() => rerender({ active: false }));
    expect(document.body.style.overflow).toBe('scroll');
    act(() => rerender({ active: true }));
    unmount();
    expect(document.body.style.overflow).toBe('scroll');
    document.body.style.overflow = '';
  });
});
