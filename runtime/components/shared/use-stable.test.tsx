import { renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { shareStructure, useLatestCallback, useSharedStructure } from './use-stable';

describe('useSharedStructure', () => {
  it('keeps the first reference while the content is the same, and takes a changed one', () => {
    const first = { items: [{ id: 'a', label: 'Konto' }] };
    const { result, rerender } = renderHook(({ value }) => useSharedStructure(value), {
      initialProps: { value: first },
    });
    rerender({ value: { items: [{ id: 'a', label: 'Konto' }] } });
    expect(result.current).toBe(first);
    const changed = { items: [{ id: 'a', label: 'Account' }] };
    rerender({ value: changed });
    expect(result.current).toEqual(changed);
    expect(result.current).not.toBe(first);
  });

  it('handles undefined (a page without footer) and back', () => {
    const footer = { columns: [] };
    const { result, rerender } = renderHook(({ value }: { value: object | undefined }) => useSharedStructure(value), {
      initialProps: { value: undefined as object | undefined },
    });
    expect(result.current).toBeUndefined();
    rerender({ value: footer });
    expect(result.current).toBe(footer);
    rerender({ value: undefined });
    expect(result.current).toBeUndefined();
  });

  it('keeps the menus that did not change when one is renamed (docs/editor-typing.md#the-fixes)', () => {
    const menus = (sparen: string) => ({
      navItems: [
        { id: 'sparen', title: sparen, subMenu: { main: [{ id: 'festgeld', title: 'Festgeld' }] } },
        { id: 'anlegen', title: 'Anlegen' },
      ],
    });
    const { result, rerender } = renderHook(({ value }) => useSharedStructure(value), {
      initialProps: { value: menus('Sparen') },
    });
    const first = result.current;
    rerender({ value: menus('Sparen!') });
    const [sparen, anlegen] = result.current.navItems;
    expect(sparen!.title).toBe('Sparen!');
    expect(sparen).not.toBe(first.navItems[0]);
    expect(sparen!.subMenu).toBe(first.navItems[0]!.subMenu);
    expect(anlegen).toBe(first.navItems[1]);
  });
});

describe('shareStructure', () => {
  it('gives a value equal to the new one that shares every part equal to the old one', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (before, after) => {
        const shared = shareStructure(before, after);
        expect(shared).toEqual(after);
        if (JSON.stringify(before) === JSON.stringify(after)) expect(shared).toBe(before);
        // A part that did not change keeps its object: the same array or object as before.
        if (Array.isArray(before) && Array.isArray(after) && Array.isArray(shared))
          after.forEach(
            (item, i) => JSON.stringify(item) === JSON.stringify(before[i]) && expect(shared[i]).toBe(before[i]),
          );
      }),
      { numRuns: 200 },
    );
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
