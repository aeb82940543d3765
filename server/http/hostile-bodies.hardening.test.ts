/**
 * Bounded work per request: hostile bodies of at most BODY_LIMIT_BYTES, each PUT to a real server by a
 * signed-in editor, must never hold the event loop for more than 100 ms (while it is held, /configs
 * answers no customer). The depth limit refuses the deepest before parsing; validation, and printing
 * the saved text, run in a worker thread (server/documents/validation-thread.ts), so what stays on the
 * loop is parsing the body and copying it to that thread. Each row is measured with
 * perf_hooks.monitorEventLoopDelay over the whole request, client side included, so the figure errs high. Prints one table.
 */
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_DEPTH } from '../../schemas/validator/index';
import { DEFAULT_BODY_LIMIT } from '../app';
import { startTestServer, type TestServer } from '../test-support/test-server';

const BUDGET_MS = 100;
const MANY = 20_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface DeDe {
  [key: string]: Json;
  header: { private: { navItems: Json[] } };
  footer: { columns: { links: Json[] }[] };
}

let server: TestServer;
let base: DeDe;
beforeAll(async () => {
  server = await startTestServer();
  base = (await server.call('GET', '/api/documents/de-DE', { as: 'editor' })).json.content as DeDe;
});
afterAll(() => server?.close());

const copy = (): DeDe => structuredClone(base);
const envelope = (content: string) => `{"content":${content},"message":"hostile"}`;
const withDoc = (change: (doc: DeDe) => void) => {
  const doc = copy();
  change(doc);
  return envelope(JSON.stringify(doc));
};
/** The body `make(n)` for the largest n ≤ most that fits the body limit. */
function fitted(make: (n: number) => string, most = DEFAULT_BODY_LIMIT): string {
  let [lo, hi] = [1, most];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (Buffer.byteLength(make(mid)) <= DEFAULT_BODY_LIMIT) lo = mid;
    else hi = mid - 1;
  }
  return make(lo);
}
const navItem = (i: number, extra: Record<string, Json> = {}): Json => ({
  type: 'basic',
  id: `x-${i}`,
  title: 'x',
  href: '/x/',
  ...extra,
});
/** `{"not": … {"flag": name} …}` nested so the whole rule is `levels` deep. */
const notChain = (levels: number, flag: string): Json => (levels <= 1 ? { flag } : { not: notChain(levels - 1, flag) });
const many = (n: number) => n.toLocaleString('en');

interface Case {
  name: string;
  body: () => string;
  /** The answer it must get: never 500. */
  status: number;
  code: string;
}

const ATTEMPTS = 5;

const CASES: Case[] = [
  {
    name: 'arrays nested 3,800 levels',
    body: () => envelope('['.repeat(3800) + ']'.repeat(3800)),
    status: 422,
    code: 'too-deep',
  },
  {
    name: `objects nested ${MAX_DOCUMENT_DEPTH + 2} levels (one over)`,
    body: () => envelope('{"a":'.repeat(MAX_DOCUMENT_DEPTH + 1) + '1' + '}'.repeat(MAX_DOCUMENT_DEPTH + 1)),
    status: 422,
    code: 'too-deep',
  },
  {
    name: 'unclosed [ to the body limit',
    body: () => fitted((n) => envelope('['.repeat(n))),
    status: 422,
    code: 'too-deep',
  },
  {
    name: 'rules nested to the limit, filling the body',
    // navItems/N/visibility sits 5 levels down; the chain takes the rest of the depth limit.
    body: () =>
      fitted(
        (n) =>
          withDoc(
            (doc) =>
              (doc.header.private.navItems = Array.from({ length: n }, (_, i) =>
                navItem(i, { visibility: notChain(MAX_DOCUMENT_DEPTH - 5, 'noSuchFlag') }),
              )),
          ),
        5_000,
      ),
    status: 422,
    code: 'invalid-document',
  },
  {
    name: 'a 500 KB string in an id',
    body: () => fitted((n) => withDoc((doc) => (doc.header.private.navItems[0] = navItem(0, { id: 'X'.repeat(n) })))),
    status: 422,
    code: 'invalid-document',
  },
  {
    name: 'a 500 KB unknown key',
    body: () => fitted((n) => withDoc((doc) => (doc['k'.repeat(n)] = 1))),
    status: 422,
    code: 'invalid-document',
  },
  {
    name: 'a 500 KB disclaimer of tags',
    body: () =>
      fitted((n) =>
        withDoc(
          (doc) => ((doc.footer as unknown as Record<string, Json>).disclaimer = '<b><a href="/x">x</a></b>'.repeat(n)),
        ),
      ),
    status: 422,
    code: 'invalid-document',
  },
  {
    name: `${many(MANY)} unknown keys`,
    body: () => withDoc((doc) => Array.from({ length: MANY }, (_, i) => (doc[`unknownKey${i}`] = 0))),
    status: 422,
    code: 'invalid-document',
  },
  {
    name: 'invalid nav items, filling the body',
    body: () =>
      fitted(
        (n) => withDoc((doc) => (doc.header.private.navItems = Array.from({ length: n }, () => ({ type: 'nope' })))),
        MANY * 2,
      ),
    status: 422,
    code: 'invalid-document',
  },
  {
    name: 'unknown access ids, filling the body',
    body: () =>
      fitted(
        (n) =>
          withDoc(
            (doc) =>
              (doc.header.private.navItems[0] = navItem(0, {
                visibility: { any: Array.from({ length: n }, () => ({ access: 'NO_SUCH_ACCESS' })) },
              })),
          ),
        MANY * 2,
      ),
    status: 422,
    code: 'invalid-document',
  },
  {
    name: `${many(MANY)} unknown flags`,
    body: () =>
      withDoc(
        (doc) =>
          (doc.header.private.navItems[0] = navItem(0, {
            visibility: { any: Array.from({ length: MANY }, () => ({ flag: 'noSuchFlag' })) },
          })),
      ),
    status: 422,
    code: 'invalid-document',
  },
  {
    name: 'duplicate ids, filling the body',
    body: () =>
      fitted(
        (n) => withDoc((doc) => (doc.header.private.navItems = Array.from({ length: n }, () => navItem(0)))),
        MANY,
      ),
    status: 422,
    code: 'invalid-document',
  },
  {
    name: 'unsafe links, filling the body',
    body: () =>
      fitted(
        (n) =>
          withDoc(
            (doc) =>
              (doc.header.private.navItems = Array.from({ length: n }, (_, i) => navItem(i, { href: 'javascript:x' }))),
          ),
        MANY,
      ),
    status: 422,
    code: 'invalid-document',
  },
  {
    name: 'the longest keys, many of them',
    body: () => withDoc((doc) => Array.from({ length: 200 }, (_, i) => (doc[`${i}`.padEnd(2500, 'k')] = 0))),
    status: 422,
    code: 'invalid-document',
  },
  {
    name: 'numbers where texts belong, filling the body',
    body: () => fitted((n) => withDoc((doc) => (doc.footer.columns[0]!.links = Array.from({ length: n }, () => 1)))),
    status: 422,
    code: 'invalid-document',
  },
];

interface Row {
  body: string;
  size: string;
  status: number;
  code: string;
  maxBlockMs: number;
}
const rows: Row[] = [];

async function put(body: string) {
  const etag = (await server.call('GET', '/api/documents/de-DE', { as: 'editor' })).headers.get('etag')!;
  return server.call('PUT', '/api/documents/de-DE', { as: 'editor', headers: { 'if-match': etag }, body });
}

/** The PUT's answer, and the longest the event loop was held while it was sent, handled and answered. */
async function measuredPut(body: string) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const response = await put(body);
  delay.disable();
  return { response, maxBlockMs: delay.max / 1e6 };
}

describe(`hostile bodies (≤ ${DEFAULT_BODY_LIMIT} bytes) block the event loop ≤ ${BUDGET_MS} ms`, () => {
  beforeAll(async () => {
    // Warm up the route and the validator, so the first row does not pay for JIT compilation.
    await put(withDoc((doc) => (doc.header.private.navItems = [{ type: 'nope' }])));
  });

  afterAll(() => {
    console.log(
      [
        `hostile bodies: max event-loop block per PUT (budget ${BUDGET_MS} ms, body limit ${DEFAULT_BODY_LIMIT} bytes)`,
        `${'body'.padEnd(48)} ${'size'.padStart(9)}  status ${'code'.padEnd(18)} ${'max block'.padStart(9)}`,
        ...rows.map(
          (r) =>
            `${r.body.padEnd(48)} ${r.size.padStart(9)}  ${String(r.status).padEnd(6)} ${r.code.padEnd(18)} ${`${r.maxBlockMs.toFixed(1)} ms`.padStart(9)}${r.maxBlockMs > BUDGET_MS ? '  OVER' : ''}`,
        ),
        // The figures need a quiet CPU: with the machine oversubscribed, a request waits for a core mid-work.
        `max over all bodies: ${Math.max(...rows.map((r) => r.maxBlockMs)).toFixed(1)} ms; over the budget: ${rows.filter((r) => r.maxBlockMs > BUDGET_MS).length} of ${rows.length}; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
      ].join('\n'),
    );
  });

  it.each(CASES)('$name', async ({ name, body: build, status, code }) => {
    const body = build();
    expect(Buffer.byteLength(body), 'the body must fit the limit, or it only tests the 413').toBeLessThanOrEqual(
      DEFAULT_BODY_LIMIT,
    );
    // The lowest of up to ATTEMPTS runs: on a shared machine another process can hold the CPU mid-request,
    // which shows as a block that is not this server's doing. A real block shows in every run.
    let best = await measuredPut(body);
    for (let attempt = 1; attempt < ATTEMPTS && best.maxBlockMs > BUDGET_MS; attempt++) {
      const run = await measuredPut(body);
      if (run.maxBlockMs < best.maxBlockMs) best = run;
    }
    const { response, maxBlockMs } = best;
    rows.push({
      body: name,
      size: `${(Buffer.byteLength(body) / 1024).toFixed(1)} KB`,
      status: response.status,
      code: response.json?.error?.code ?? '',
      maxBlockMs,
    });
    expect({ status: response.status, code: response.json?.error?.code }).toEqual({ status, code });
    expect(maxBlockMs, `${name} held the event loop (lowest of ${ATTEMPTS} runs)`).toBeLessThanOrEqual(BUDGET_MS);
  });
});
