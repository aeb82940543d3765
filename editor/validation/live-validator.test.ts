// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  createValidatorLoader,
  loadedValidator,
  loadValidator,
  useLoadedValidator,
  useValidatorStatus,
} from './live-validator';

describe('the live validator (docs/editor-bundle.md#the-validator)', () => {
  it('is not loaded by reading it, only by loadValidator, once, and then it validates', async () => {
    const { result } = renderHook(() => useLoadedValidator());
    const status = renderHook(() => useValidatorStatus());
    expect(result.current).toBeNull();
    expect(loadedValidator()).toBeNull();
    expect(status.result.current).toBe('idle');

    let first!: ReturnType<typeof loadValidator>;
    act(() => void (first = loadValidator()));
    expect(loadValidator()).toBe(first);
    expect(status.result.current).toBe('loading');
    const validator = await act(() => first);
    expect(result.current).toBe(validator);
    expect(loadedValidator()).toBe(validator);
    expect(status.result.current).toBe('ready');
    expect(validator.validateText('de-DE', '{', {}).map((p) => p.code)).toContain('json-syntax');

    // A hook mounted afterwards has it at once.
    expect(renderHook(() => useLoadedValidator()).result.current).toBe(validator);
  });
});

describe('a validator load that fails (docs/editor-bundle.md#when-the-validator-does-not-load)', () => {
  const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/validate-text-x.js');

  it('says failed, and a second load really imports again instead of returning the rejected promise', async () => {
    const module = { name: 'validator' };
    const importModule = vi
      .fn<() => Promise<typeof module>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValueOnce(module);
    const loader = createValidatorLoader(importModule);
    const statuses: string[] = [];
    loader.subscribe(() => statuses.push(loader.status()));
    expect(loader.status()).toBe('idle');

    const first = loader.load();
    // Callers during the load share it.
    expect(loader.load()).toBe(first);
    await expect(first).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(loader.status()).toBe('failed');
    expect(loader.loaded()).toBeNull();
    expect(importModule).toHaveBeenCalledTimes(1);

    const second = loader.load();
    expect(second).not.toBe(first);
    expect(loader.status()).toBe('loading');
    await expect(second).resolves.toBe(module);
    expect(importModule).toHaveBeenCalledTimes(2);
    expect(loader.status()).toBe('ready');
    expect(loader.loaded()).toBe(module);
    expect(statuses).toEqual(['loading', 'failed', 'loading', 'ready']);

    // Loaded once, never imported again.
    await expect(loader.load()).resolves.toBe(module);
    expect(importModule).toHaveBeenCalledTimes(2);
  });

  it('fails as often as the chunk does, and each retry is a new attempt', async () => {
    const importModule = vi.fn<() => Promise<object>>().mockRejectedValue(chunkError());
    const loader = createValidatorLoader(importModule);
    await expect(loader.load()).rejects.toThrow();
    await expect(loader.load()).rejects.toThrow();
    await expect(loader.load()).rejects.toThrow();
    expect(importModule).toHaveBeenCalledTimes(3);
    expect(loader.status()).toBe('failed');
  });

  it('stops telling a listener once it unsubscribes', async () => {
    const loader = createValidatorLoader(() => Promise.resolve({}));
    const listener = vi.fn();
    const stop = loader.subscribe(listener);
    stop();
    await loader.load();
    expect(listener).not.toHaveBeenCalled();
  });
});
