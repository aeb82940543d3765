import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLatestCallback, useStructurallyStable } from './use-stable';

describe('useStructurallyStable', () => {
  it('keeps the first reference while the content is the same, and takes a changed one', () => {
    const first = { items: [{ id: 'a', label: 'Konto' }] };
    const { result, rerender } = renderHook(({ value }) => useStructurallyStable(value), { initialProps: { value: first } });
    rerender({ value: { items: [{ id: 'a', label: 'Konto' }] } });
    expect(result.current).toBe(first);
    const changed = { items: [{ id: 'a', label: 'Account' }] };
    rerender({ value: changed });
    expect(result.current).toBe(changed);
  });

  it('handles undefined (a page without footer) and back', () => {
    const footer = { columns: [] };
    const { result, rerender } = renderHook(({ value }: { value: object | undefined }) => useStructurallyStable(value), { initialProps: { value: undefined as object | undefined } });
    expect(result.current).toBeUndefined();
    rerender({ value: footer });
    expect(result.current).toBe(footer);
    rerender({ value: undefined });
    expect(result.current).toBeUndefined();
  });
});

describe('useLatestCallback', () => {
  it('returns one function for the component’s life that calls the latest one passed', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ fn }) => useLatestCallback(fn), { initialProps: { fn: first } });
    const stable = result.current;
    rerender({ fn: second });
    expect(result.current).toBe(stable);
    stable();
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });
});
