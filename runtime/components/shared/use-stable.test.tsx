import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLatestCallback, useStableItems, useStructurallyStable } from './use-stable';

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

type Item = { id: string; title: string; links?: string[] };
const menus = (sparen: string): Item[] => [
  { id: 'sparen', title: sparen, links: ['/festgeld/', '/tagesgeld/'] },
  { id: 'anlegen', title: 'Anlegen', links: ['/etf/'] },
];

describe('useStableItems (docs/editor-typing.md#the-fixes)', () => {
  it('keeps every item that says the same, and the list when all do', () => {
    const { result, rerender } = renderHook(({ items }) => useStableItems(items), { initialProps: { items: menus('Sparen') } });
    const first = result.current;
    rerender({ items: menus('Sparen') });
    expect(result.current).toBe(first);

    rerender({ items: menus('Sparen!') });
    expect(result.current).not.toBe(first);
    expect(result.current[0]).toEqual({ ...first[0], title: 'Sparen!' });
    expect(result.current[1]).toBe(first[1]);
  });

  it('follows items added, removed and reordered by id', () => {
    const { result, rerender } = renderHook(({ items }) => useStableItems(items), { initialProps: { items: menus('Sparen') } });
    const [sparen, anlegen] = result.current;
    rerender({ items: [menus('Sparen')[1]!, { id: 'neu', title: 'Neu' }, menus('Sparen')[0]!] });
    expect(result.current.map((item) => item.id)).toEqual(['anlegen', 'neu', 'sparen']);
    expect(result.current[0]).toBe(anlegen);
    expect(result.current[2]).toBe(sparen);
    rerender({ items: [menus('Sparen')[0]!] });
    expect(result.current).toEqual([sparen]);
    expect(result.current[0]).toBe(sparen);
  });
});
