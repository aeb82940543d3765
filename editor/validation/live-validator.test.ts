import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadedValidator, loadValidator, useLoadedValidator } from './live-validator';

describe('the live validator (docs/editor-bundle.md#the-validator)', () => {
  it('is not loaded by reading it, only by loadValidator, once, and then it validates', async () => {
    const { result } = renderHook(() => useLoadedValidator());
    expect(result.current).toBeNull();
    expect(loadedValidator()).toBeNull();

    const first = loadValidator();
    expect(loadValidator()).toBe(first);
    const validator = await act(() => first);
    expect(result.current).toBe(validator);
    expect(loadedValidator()).toBe(validator);
    expect(validator.validateText('de-DE', '{', {}).map((p) => p.code)).toContain('json-syntax');

    // A hook mounted afterwards has it at once.
    expect(renderHook(() => useLoadedValidator()).result.current).toBe(validator);
  });
});
