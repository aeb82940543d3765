// @vitest-environment jsdom
/**
 * The compiled inline early-calls script, run as the page runs it (a classic script, before any bundle module):
 * it must start exactly the calls the bundle's own early start would start for the same tokens, and nothing for
 * anyone else (docs/rendering.md#the-customers-first-load).
 */
import { unstable_serialize } from 'swr';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { useMockServer } from '../mocks/node';
import { clearRequestLog, getRequestLog } from '../mocks/request-log';
import { DEFAULT_MOCK_SCENARIO } from '../mocks/scenario';
import { mintTokenPair, mintTokens } from '../mocks/fixtures/tokens';
import { prefetchHeaderCalls, type PrefetchSink } from '../runtime/data/prefetch';
import { getAppServices } from '../runtime/host/app-services';
import { takeEarlyCalls } from '../runtime/host/early-handoff';
import { portalHeaderCalls } from '../runtime/host/early-plan';
import { EARLY_CALLS_FILE } from '../server/frontend/early-calls-file';
import { bundleEarlyCalls } from './build-early-calls';

useMockServer();

let code: string;
beforeAll(async () => {
  code = await bundleEarlyCalls(EARLY_CALLS_FILE);
}, 60_000);

afterEach(() => {
  getAppServices().tokenStore.clear();
  takeEarlyCalls();
  window.history.replaceState(null, '', '/');
});

/** Runs the script in this page, as the parser would run the inline <script>. */
const runInlineScript = () => new Function(code)() as void;

/** A sink that records the SWR key of every call put into it, and keeps the calls going. */
function recorder(): PrefetchSink & { keys: string[]; ids: string[]; settled: () => Promise<unknown> } {
  const keys: string[] = [];
  const ids: string[] = [];
  const calls: Promise<unknown>[] = [];
  return {
    keys,
    ids,
    settled: () => Promise.allSettled(calls),
    put(key, start) {
      keys.push(unstable_serialize(key));
      ids.push(String(key[0]));
      const promise = start();
      calls.push(promise);
      return promise;
    },
  };
}

function logIn(tokens = mintTokens(DEFAULT_MOCK_SCENARIO)!) {
  const { tokenStore } = getAppServices();
  tokenStore.setTokens(tokens);
  tokenStore.syncServerTimeFromToken();
}

describe('the compiled early-calls script', () => {
  it('is one small classic script that the page can inline as it is', () => {
    expect(code).toMatch(/^\(function\(\)\{[\s\S]*\}\)\(\);?\s*$/);
    expect(code).not.toMatch(/<\/script|<!--/i);
    expect(code).not.toMatch(/\bimport\s*\(|\brequire\(/); // self-contained: it loads nothing
    expect(code.length).toBeLessThan(25_000);
  });

  it('starts exactly the calls the bundle would start for the same tokens, both rounds, each once', async () => {
    window.history.replaceState(null, '', '/de-de/dashboard/');
    logIn();
    const who = portalHeaderCalls(new URL(window.location.href), getAppServices().tokenStore)!;
    // What the bundle's early start makes (runtime/host/portal-prefetch.ts), with the same planning and client.
    const bundle = recorder();
    await prefetchHeaderCalls(bundle, getAppServices().client, who.customerNumber, who.configId);
    await bundle.settled();
    expect(bundle.keys.length).toBeGreaterThan(0);
    clearRequestLog();

    runInlineScript();
    const handoff = takeEarlyCalls()!;
    expect(handoff).toMatchObject({ customerNumber: who.customerNumber, configId: who.configId });
    const inline = recorder();
    handoff.adopt(inline);
    await waitFor(() => expect(inline.keys.length).toBe(bundle.keys.length));
    await new Promise((resolve) => setTimeout(resolve, 50)); // nothing more follows
    await inline.settled();
    expect([...inline.keys].sort()).toEqual([...bundle.keys].sort());
    const endpoints = getRequestLog().map((request) => request.endpoint);
    expect([...endpoints].sort()).toEqual([...inline.ids].sort());
  });

  it('starts nothing and leaves nothing for a visitor, an expired token or a page that is no portal page', async () => {
    window.history.replaceState(null, '', '/de-de/dashboard/');
    runInlineScript(); // visitor: no tokens
    expect(takeEarlyCalls()).toBeUndefined();

    logIn(mintTokenPair('4711-0815', -60));
    runInlineScript();
    expect(takeEarlyCalls()).toBeUndefined();

    logIn();
    window.history.replaceState(null, '', '/preview?persona=customer');
    runInlineScript();
    expect(takeEarlyCalls()).toBeUndefined();

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getRequestLog()).toHaveLength(0);
  });
});
