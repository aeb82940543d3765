// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { autosaveKey, readAutosave } from '../autosave/autosave-store';
import { createDraftStore, type DraftStore } from '../store/draft-store';
import { useAutosave, type AutosaveBase } from './use-autosave';

const base: AutosaveBase = { etag: '"v3"', text: '{"a":1}\n' };
const left = { baseEtag: '"v2"', text: '{"a":"mine"}\n', savedAt: '2026-01-05T10:00:00.000Z' };

let store: DraftStore;
/** Typing in one of the views: the hook follows the store, not its props. */
const type = (text: string) => act(() => store.getState().setFromText(text));

beforeEach(() => {
  localStorage.clear();
  store = createDraftStore();
  store.getState().load('de-DE', base.text);
});

describe('useAutosave', () => {
  it('writes the settled text with the draft it was based on, and forgets it once saved', async () => {
    const { result } = renderHook(() => useAutosave('de-DE', base, true, localStorage, store));
    expect(result.current.offered).toBeNull();
    type('{"a":2}\n');
    await waitFor(() =>
      expect(readAutosave(localStorage, 'de-DE')).toMatchObject({ baseEtag: '"v3"', text: '{"a":2}\n' }),
    );
    act(() => result.current.clear());
    expect(localStorage.getItem(autosaveKey('de-DE'))).toBeNull();
  });

  it('offers a copy left by an earlier visit and writes nothing over it until it is answered', async () => {
    localStorage.setItem(autosaveKey('de-DE'), JSON.stringify(left));
    const { result } = renderHook(() => useAutosave('de-DE', base, true, localStorage, store));
    await waitFor(() => expect(result.current.offered).toEqual(left));
    type('{"a":3}\n');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(readAutosave(localStorage, 'de-DE')).toEqual(left);
    let restored: string | null = null;
    act(() => void (restored = result.current.restore()));
    expect(restored).toBe(left.text);
    expect(result.current.offered).toBeNull();
  });

  it('discarding the offer removes the copy; a viewer (not enabled) is never offered one', async () => {
    localStorage.setItem(autosaveKey('de-DE'), JSON.stringify(left));
    const viewer = renderHook(() => useAutosave('de-DE', base, false, localStorage, store));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(viewer.result.current.offered).toBeNull();
    const { result } = renderHook(() => useAutosave('de-DE', base, true, localStorage, store));
    await waitFor(() => expect(result.current.offered).not.toBeNull());
    act(() => result.current.discard());
    expect(localStorage.getItem(autosaveKey('de-DE'))).toBeNull();
    expect(result.current.offered).toBeNull();
  });

  it('writes the last keystrokes when the page goes, inside the debounce', () => {
    renderHook(() => useAutosave('de-DE', base, true, localStorage, store));
    type('{"a":4}\n');
    window.dispatchEvent(new Event('pagehide'));
    expect(readAutosave(localStorage, 'de-DE')?.text).toBe('{"a":4}\n');
  });
});
