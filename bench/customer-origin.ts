/**
 * A customer's origin as a browser meets it, for the customer's first-visit row (bench/ssr-first-visit.bench.ts):
 * one HTTPS server with HTTP/2 in front of the app server that answers `/api/` itself, with the mocks' handlers
 * (mocks/handlers; their latency is the scenario's, mocks/faults.ts), serves the build's hashed `/assets/` from
 * memory, as a CDN in front of the app would, and passes every other request through to the app unchanged. It runs
 * in a process of its own (bench/customer-origin-process.ts), as an API server would. Pages that use it need
 * `ignoreHTTPSErrors`: its certificate is a throwaway, self-signed one.
 *
 * Why the assets from memory: here the origin, the app and the browser share two cores, where a customer's browser
 * has its own. Passed through to the app, the module requests that leave with the first calls kept both Node
 * processes busy just then, and the calls reached the origin up to 40 ms after the browser sent them (up to 20 ms
 * with the assets from memory, in the same runs).
 *
 * Why not Playwright's routing (mocks/answer-outside-page.ts): a routed call makes several DevTools-protocol round trips
 * between the browser and the benchmark's process (the request paused, its headers read, the answer fulfilled),
 * which added 55–75 ms per call to the handlers' latency on this machine while the page loaded, and the same
 * process also runs Playwright's client. A customer meets the network's latency, not that.
 *
 * Why HTTP/2: a portal is served over HTTPS, and browsers speak HTTP/2 there. Over plain HTTP/1.1 a browser opens at
 * most six connections to an origin; the five first calls, each held open for the latency, left one connection for
 * the bundle's twelve modules, and the four calls of the second round took four again. A deployment meets none of
 * that: HTTP/2 carries every request on one connection at once.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MockScenario } from '../mocks/scenario';
import type { ApiLog } from '../mocks/answer-outside-page';

/** The routed log, plus each /api/ answer's times in the origin's process (epoch ms: comparable with the page's). */
export interface OriginLog extends ApiLog {
  answers: { path: string; arrivedAt: number; answeredAt: number }[];
}

/** What the benchmark asks the origin's process, and what it answers (one answer per message, in order). */
export type OriginRequest =
  | { kind: 'answer-for'; scenario: Partial<MockScenario> }
  | { kind: 'log' }
  | { kind: 'page'; url: string; html: string };
export type OriginReply =
  | { kind: 'listening'; port: number }
  | { kind: 'ok' }
  | { kind: 'log'; log: OriginLog }
  | { kind: 'failed'; message: string };

export interface CustomerOrigin {
  baseURL: string;
  /** Sets the scenario the next visit's calls are answered for and starts a fresh log of them. */
  answerFor: (scenario: Partial<MockScenario>) => Promise<void>;
  /** The calls answered since the last answerFor. */
  log: () => Promise<OriginLog>;
  /** Serves `html` itself at `url` (a path with its query), over the same connection as everything else. */
  servePage: (url: string, html: string) => Promise<void>;
  close: () => Promise<void>;
}

const PROCESS_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'customer-origin-process.ts');

/** Starts the origin's process on a free port of 127.0.0.1, in front of `appBaseURL`; with `assetsRoot` (the build the app serves), it serves that build's /assets/ itself. */
export async function startCustomerOrigin(appBaseURL: string, assetsRoot?: string): Promise<CustomerOrigin> {
  const child: ChildProcess = fork(PROCESS_ENTRY, [appBaseURL, ...(assetsRoot ? [assetsRoot] : [])], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const replies: ((reply: OriginReply) => void)[] = [];
  let exited: string | undefined;
  child.on('message', (reply: OriginReply) => replies.shift()?.(reply));
  child.on('exit', (code, signal) => {
    exited = `the customer origin's process exited with ${code ?? signal}`;
    for (const waiting of replies.splice(0)) waiting({ kind: 'failed', message: exited });
  });
  const next = () =>
    new Promise<OriginReply>((resolve) =>
      exited ? resolve({ kind: 'failed', message: exited }) : replies.push(resolve),
    );
  const ask = async (request: OriginRequest): Promise<OriginReply> => {
    const reply = next();
    child.send(request);
    const answer = await reply;
    if (answer.kind === 'failed') throw new Error(answer.message);
    return answer;
  };
  const listening = await next();
  if (listening.kind !== 'listening') {
    child.kill();
    throw new Error(
      listening.kind === 'failed'
        ? listening.message
        : `the customer origin's process said ${listening.kind} before it listened`,
    );
  }
  return {
    baseURL: `https://127.0.0.1:${listening.port}`,
    answerFor: async (scenario) => void (await ask({ kind: 'answer-for', scenario })),
    log: async () => {
      const reply = await ask({ kind: 'log' });
      if (reply.kind !== 'log')
        throw new Error(`the customer origin's process answered ${reply.kind} to a log request`);
      return reply.log;
    },
    servePage: async (url, html) => void (await ask({ kind: 'page', url, html })),
    close: async () => {
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
