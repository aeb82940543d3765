/**
 * One autocannon run in a process of its own (bench/serve-load.bench.ts), so the load generator's CPU is neither the
 * server's nor the bench's, whose probes time /healthz and the API meanwhile. Argument: a LoadRun as JSON. Prints
 * `started` as it begins, and at the end, as the last line, a LoadResult as JSON.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface LoadRun {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** Adds `?<name>=<a number no other request used>` to every request: each is a URL no cache has seen. */
  uniqueQuery?: string;
  /** Cookie headers the requests take in turn (one page per market banner: `country_choice=<id>`). */
  cookies?: string[];
}

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerRequest: number;
}

async function run(load: LoadRun): Promise<LoadResult> {
  const base = new URL(load.url);
  let sequence = 0;
  // The bench starts its probes on this line.
  console.log('started');
  const result = await autocannon({
    url: load.url,
    connections: load.connections,
    duration: load.seconds,
    headers: load.headers,
    requests: [
      {
        setupRequest: (request) => {
          const n = ++sequence;
          const cookie = load.cookies?.[n % load.cookies.length];
          return {
            ...request,
            ...(load.uniqueQuery ? { path: `${base.pathname}?${load.uniqueQuery}=${process.pid}-${n}` } : {}),
            ...(cookie ? { headers: { ...request.headers, cookie } } : {}),
          };
        },
      },
    ],
  });
  const requests = result.requests.total;
  return {
    requestsPerSecond: Math.round(requests / (result.duration || load.seconds)),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerRequest: requests > 0 ? Math.round(result.throughput.total / requests) : 0,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  console.log(JSON.stringify(await run(JSON.parse(process.argv[2]!) as LoadRun)));
