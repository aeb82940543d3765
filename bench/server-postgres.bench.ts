/**
 * The config service on both stores side by side (docs/operations.md#postgresql), against real server processes:
 * the file store as its ONE instance (it locks its directory), PostgreSQL as TWO instances on one database of a
 * throwaway cluster (server/test-support/pg-cluster.ts).
 *
 * 1. Contention, both stores: 20 writers × 50 saves on `flags` (spread over both instances on PostgreSQL), each
 *    taking part in the write turns (docs/api.md#write-turns): it sends `Write-Ticket: new`, then the ticket it is
 *    given; a 412 is retried on the `current` it carries, a 409 write-queued as it is, each after `turn.retryAfterMs`.
 *    Lost updates (every acknowledged save's marker is the message of its version; versions contiguous 1..N): 0.
 *    Max attempts any one save needed: ≤ 20. The file store also runs the same writers without the turns (412 →
 *    full-jitter backoff), on a store of its own, as the baseline of what fairness costs in throughput.
 * 2. Kill, PostgreSQL: instance A SIGKILLed 50 times while writers and a publisher work on de-DE through both
 *    instances; A restarts in the background each time. 0 acknowledged saves lost; requests to B that failed: 0.
 * 3. Database restart, PostgreSQL: the cluster is stopped for 2 s under load. While down, answers are 503 (never a
 *    500, never a hang beyond 10 s); nothing acknowledged is lost; both instances save again ≤ 5 s after it is back.
 * 4. Propagation, PostgreSQL: publish de-DE on A, poll B's /configs/manifest.json every 5 ms; p95 over 50 ≤ 200 ms.
 *
 *   npx tsx scripts/bench-server.ts --only stores
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPgCluster, type PgCluster } from '../server/test-support/pg-cluster';
import { percentile, type BudgetRow } from './stats';
import {
  backoffMs,
  freePort,
  getDoc,
  history,
  lostUpdates,
  publishDoc,
  putDoc,
  request,
  round,
  signIn,
  sleep,
  spawnService,
  startService,
  stopService,
  waitHealthy,
  type Doc,
  type ServiceProcess,
} from './service-process';

export interface StoresOptions {
  writers: number;
  saves: number;
  kills: number;
  publishes: number;
  log?: (line: string) => void;
}

interface Ack {
  version: number;
  marker: string;
}

// ── 1. contention ────────────────────────────────────────────────────────────
/**
 * `turns`: the writers take part in the write turns (the budgeted policy). `backoff`: they send no Write-Ticket and
 * retry a 412 after full-jitter exponential backoff: the policy before the turns, run in the same process as the
 * baseline of what fairness costs in throughput.
 */
async function contention(
  instances: readonly ServiceProcess[],
  cookie: string,
  writers: number,
  savesEach: number,
  tag: string,
  policy: 'turns' | 'backoff' = 'turns',
) {
  const saveMs: number[] = [];
  const attempts: number[] = [];
  const acks: Ack[] = [];
  let requests = 0;
  const started = performance.now();
  const writer = async (w: number) => {
    const url = instances[w % instances.length]!.url;
    let base: Doc = await getDoc(url, cookie, 'flags');
    for (let k = 0; k < savesEach; k++) {
      const marker = `bench${tag}W${w}S${k}`;
      const saveStarted = performance.now();
      let ticket = policy === 'turns' ? 'new' : undefined;
      for (let tries = 1; ; tries++) {
        const content = structuredClone(base.content);
        content.flags.push({ id: marker, description: `Bench marker from writer ${w}, save ${k}.`, default: false });
        const result = await putDoc(url, cookie, 'flags', content, base.etag, marker, ticket);
        requests++;
        if (result.status === 200) {
          acks.push({ version: result.json.version, marker });
          base = { ...base, etag: result.json.etag, version: result.json.version, content };
          attempts.push(tries);
          saveMs.push(performance.now() - saveStarted);
          break;
        }
        if (result.status !== 412 && result.status !== 409)
          throw new Error(
            `writer ${w}: unexpected ${result.status} ${JSON.stringify(result.json) ?? result.networkError}`,
          );
        // The writer's place in line: without it, every attempt wins about 1 time in 20, and the worst of 1,000 saves
        // needed 93 (PostgreSQL) to 121 (files) attempts with a full-jitter backoff.
        if (result.status === 412) base = result.json.current;
        if (policy === 'backoff') {
          await sleep(backoffMs(tries));
          continue;
        }
        ticket = result.json.turn.ticket;
        await sleep(result.json.turn.retryAfterMs);
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
  const seconds = (performance.now() - started) / 1000;
  const check = lostUpdates(await history(instances[0]!.url, cookie, 'flags'), acks);
  return {
    acknowledged: acks.length,
    requests,
    lost: check.lost,
    contiguous: check.contiguous,
    p50: round(percentile(saveMs, 50)),
    p95: round(percentile(saveMs, 95)),
    throughput: round(acks.length / seconds),
    maxAttempts: Math.max(...attempts),
    p95Attempts: percentile(attempts, 95),
    seconds: round(seconds),
  };
}

function contentionRows(area: string, note: string, r: Awaited<ReturnType<typeof contention>>): BudgetRow[] {
  return [
    {
      area,
      metric: `lost updates (${r.acknowledged} acknowledged, ${r.requests} PUTs)`,
      value: r.lost + (r.contiguous ? 0 : 1),
      unit: '',
      budget: 0,
      kind: 'max',
      note: `${note}; history contiguous: ${r.contiguous}`,
    },
    {
      area,
      metric: 'save latency p50 (incl. waiting in line and 412 retries)',
      value: r.p50,
      unit: 'ms',
      budget: 1000,
      kind: 'info',
      note,
    },
    {
      area,
      metric: 'save latency p95 (incl. waiting in line and 412 retries)',
      value: r.p95,
      unit: 'ms',
      budget: 2000,
      kind: 'info',
      note,
    },
    {
      area,
      metric: 'throughput, acknowledged saves/s',
      value: r.throughput,
      unit: '/s',
      budget: 1,
      kind: 'info',
      note: `${r.seconds} s`,
    },
    {
      area,
      metric: 'max attempts for one save',
      value: r.maxAttempts,
      unit: '',
      budget: 20,
      kind: 'max',
      note: `${note}; p95 ${r.p95Attempts}`,
    },
  ];
}

// ── shared load for 2 and 3: writers and a publisher on de-DE ───────────────
interface Load {
  acks: Ack[];
  stop(): Promise<void>;
}

interface Outcome {
  instance: 'A' | 'B';
  status: number;
  hung: boolean;
  at: number;
  ms: number;
}

/**
 * Writers (and one publisher per instance) on de-DE through `target()`: a function, since A is replaced on each
 * restart; undefined while it is down. Every answer goes to `observe`; only 200s are acknowledged.
 */
function startLoad(
  targets: Record<'A' | 'B', () => ServiceProcess | undefined>,
  cookie: string,
  writersPer: number,
  tag: string,
  observe: (o: Outcome) => void,
  paceMs = 0,
): Load {
  const acks: Ack[] = [];
  let stopped = false;
  const call = async (instance: 'A' | 'B', send: (url: string) => ReturnType<typeof request>) => {
    const target = targets[instance]();
    if (!target) return undefined;
    const result = await send(target.url);
    // A request to an A that was killed under it says nothing about the service: it is A's own failure.
    observe({ instance, status: result.status, hung: result.hung ?? false, at: performance.now(), ms: result.ms });
    return result;
  };
  const writer = async (instance: 'A' | 'B', w: number) => {
    let base: Doc | undefined;
    let n = 0;
    for (let tries = 1; !stopped;) {
      if (!base) {
        const read = await call(instance, (url) => request(`${url}/api/documents/de-DE`, { headers: { cookie } }));
        if (read?.status === 200) base = read.json as Doc;
        else await sleep(read ? backoffMs(tries++) : 20);
        continue;
      }
      const marker = `${tag} ${instance}${w} s${n}`;
      const content = structuredClone(base.content);
      content.seo.metaTitle = `Depona – ${marker}`;
      const current = base;
      const result = await call(instance, (url) => putDoc(url, cookie, 'de-DE', content, current.etag, marker));
      if (result?.status === 200) {
        acks.push({ version: result.json.version, marker });
        base = { ...base, etag: result.json.etag, version: result.json.version, content };
        n++;
        tries = 1;
        if (paceMs) await sleep(paceMs);
      } else if (result?.status === 412) {
        base = result.json.current;
        await sleep(backoffMs(tries++));
      } else {
        base = undefined;
        await sleep(result ? backoffMs(tries++) : 20);
      }
    }
  };
  const publisher = async (instance: 'A' | 'B') => {
    while (!stopped) {
      const read = await call(instance, (url) => request(`${url}/api/documents/de-DE`, { headers: { cookie } }));
      if (read?.status === 200) await call(instance, (url) => publishDoc(url, cookie, 'de-DE', read.json.etag));
      await sleep(paceMs ? 200 : 50 + Math.random() * 50);
    }
  };
  const running = Promise.all([
    ...(['A', 'B'] as const).flatMap((instance) => Array.from({ length: writersPer }, (_, w) => writer(instance, w))),
    publisher('A'),
    publisher('B'),
  ]);
  return {
    acks,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

// ── 2. kill ──────────────────────────────────────────────────────────────────
async function killBench(
  databaseUrl: string,
  a: { current?: ServiceProcess; port: number; dir: string },
  b: ServiceProcess,
  cookie: string,
  kills: number,
) {
  const bFailures: string[] = [];
  let bRequests = 0;
  const startMs: number[] = [];
  let ackedOnA = 0;
  // Paced writers (2 per instance, 10 ms between saves): on 2 cores an unpaced load starves the restarting A of
  // CPU and each cycle takes several seconds; the kills still land among saves and publishes in flight.
  const load = startLoad(
    { A: () => a.current, B: () => b },
    cookie,
    2,
    'kill',
    (o) => {
      if (o.instance === 'B') {
        bRequests++;
        // 412 is the optimistic lock doing its job; anything else from the instance that was never killed is a failure.
        if (o.status !== 200 && o.status !== 412)
          bFailures.push(`B answered ${o.status || (o.hung ? 'nothing (hung)' : 'a network error')}`);
      } else if (o.status === 200) ackedOnA++;
    },
    10,
  );
  const started = performance.now();
  try {
    for (let k = 0; k < kills; k++) {
      // The kill lands 0–150 ms after this A acknowledged something, so every cycle kills a working instance.
      const ackedBefore = ackedOnA;
      const until = Date.now() + 3000;
      while (ackedOnA === ackedBefore && Date.now() < until) await sleep(5);
      await sleep(Math.random() * 150);
      const victim = a.current!;
      a.current = undefined;
      await stopService(victim, 'SIGKILL');
      const restartStarted = performance.now();
      const next = spawnService({ port: a.port, configDir: a.dir, databaseUrl });
      await waitHealthy(next);
      startMs.push(performance.now() - restartStarted);
      a.current = next;
      options.log?.(
        `\r   kill ${k + 1}/${kills}: ${load.acks.length} saves acknowledged, ${bFailures.length} failed requests to B `,
      );
    }
  } finally {
    await load.stop();
  }
  const check = lostUpdates(await history(b.url, cookie, 'de-DE'), load.acks);
  options.log?.('\n');
  return {
    kills,
    acknowledged: load.acks.length,
    lost: check.lost,
    contiguous: check.contiguous,
    bRequests,
    bFailures,
    restartP50: round(percentile(startMs, 50)),
    seconds: round((performance.now() - started) / 1000),
  };
}

// ── 3. database restart ──────────────────────────────────────────────────────
async function restartBench(cluster: PgCluster, a: ServiceProcess, b: ServiceProcess, cookie: string) {
  const DOWN_MS = 2000;
  let downFrom = Infinity;
  let downUntil = Infinity;
  const during = { total: 0, s503: 0, other: [] as string[] };
  const afterUp: Record<'A' | 'B', number | undefined> = { A: undefined, B: undefined };
  let bad500 = 0;
  let hung = 0;
  const load = startLoad({ A: () => a, B: () => b }, cookie, 2, 'restart', (o) => {
    if (o.status >= 500 && o.status !== 503) bad500++;
    if (o.hung) hung++;
    // Answers that arrived while the database was down (the stop itself included).
    if (o.at >= downFrom && o.at <= downUntil) {
      during.total++;
      if (o.status === 503) during.s503++;
      else if (o.status !== 200 && o.status !== 412)
        during.other.push(`${o.instance} ${o.status || (o.hung ? 'hung' : 'network error')}`);
    }
    if (o.at > downUntil && o.status === 200 && afterUp[o.instance] === undefined) afterUp[o.instance] = o.at;
  });
  try {
    await sleep(1000);
    downFrom = performance.now();
    await cluster.pause();
    await sleep(DOWN_MS);
    await cluster.resume();
    downUntil = performance.now();
    const until = Date.now() + 15_000;
    while ((afterUp.A === undefined || afterUp.B === undefined) && Date.now() < until) await sleep(10);
    await sleep(500);
  } finally {
    await load.stop();
  }
  const resumeMs =
    afterUp.A === undefined || afterUp.B === undefined ? Infinity : Math.max(afterUp.A, afterUp.B) - downUntil;
  // An instance that died with the database is a finding of its own: its last words go in the results.
  const dead = (s: ServiceProcess) => s.child.exitCode !== null || s.child.signalCode !== null;
  const exited = Object.fromEntries(
    (
      [
        ['A', a],
        ['B', b],
      ] as const
    )
      .filter(([, s]) => dead(s))
      .map(([name, s]) => [name, `exit ${s.child.exitCode ?? s.child.signalCode}: ${s.stderr().slice(-1500)}`]),
  );
  const survivor = [b, a].find((s) => !dead(s));
  const check = survivor
    ? lostUpdates(await history(survivor.url, cookie, 'de-DE'), load.acks)
    : { lost: NaN, contiguous: false };
  return {
    acknowledged: load.acks.length,
    lost: check.lost,
    contiguous: check.contiguous,
    during,
    bad500,
    hung,
    resumeMs: round(resumeMs),
    exited,
  };
}

// ── 4. propagation ───────────────────────────────────────────────────────────
async function propagation(a: ServiceProcess, b: ServiceProcess, cookie: string, runs: number) {
  const lateness: number[] = [];
  for (let run = 0; run < runs; run++) {
    const draft = await getDoc(a.url, cookie, 'de-DE');
    draft.content.seo.metaTitle = `Depona – propagation ${run}`;
    const saved = await putDoc(a.url, cookie, 'de-DE', draft.content, draft.etag, `propagation ${run}`);
    if (saved.status !== 200) throw new Error(`propagation ${run}: save ${saved.status} ${JSON.stringify(saved.json)}`);
    const published = await publishDoc(a.url, cookie, 'de-DE', saved.json.etag);
    if (published.status !== 200)
      throw new Error(`propagation ${run}: publish ${published.status} ${JSON.stringify(published.json)}`);
    const answeredAt = performance.now();
    const hash = published.json.hash as string;
    for (;;) {
      const manifest = await request(`${b.url}/configs/manifest.json`, { headers: { 'cache-control': 'no-cache' } });
      if (manifest.status === 200 && manifest.json.documents['de-DE']?.hash === hash) break;
      if (performance.now() - answeredAt > 10_000)
        throw new Error(`propagation ${run}: B did not serve the new manifest within 10 s`);
      await sleep(5);
    }
    lateness.push(performance.now() - answeredAt);
  }
  return {
    runs,
    p50: round(percentile(lateness, 50)),
    p95: round(percentile(lateness, 95)),
    max: round(Math.max(...lateness)),
  };
}

// ── the section ──────────────────────────────────────────────────────────────
let options: StoresOptions;

export async function benchStores(
  opts: StoresOptions,
): Promise<{ rows: BudgetRow[]; results: Record<string, unknown> }> {
  options = opts;
  const log = opts.log ?? (() => {});
  const rows: BudgetRow[] = [];
  const results: Record<string, unknown> = {};
  const dirs: string[] = [];
  const tempDir = async (name: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), `bench-stores-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const servers: ServiceProcess[] = [];
  let cluster: PgCluster | undefined;
  const a: { current?: ServiceProcess; port: number; dir: string } = { port: 0, dir: '' };
  try {
    // Files: one instance.
    log(`stores 1/4 contention, file store: 1 instance, ${opts.writers} writers × ${opts.saves} saves on flags …\n`);
    const files = await startService({ port: await freePort(), configDir: await tempDir('files') });
    servers.push(files);
    const filesResult = await contention([files], await signIn(files.url), opts.writers, opts.saves, 'F');
    await stopService(files, 'SIGTERM');
    // On a store of its own, so both runs start from the same document.
    log(
      `stores 1/4 contention, file store, baseline: the same writers without write turns (412 → full-jitter backoff) …\n`,
    );
    const plain = await startService({ port: await freePort(), configDir: await tempDir('files-baseline') });
    servers.push(plain);
    const baseline = await contention([plain], await signIn(plain.url), opts.writers, opts.saves, 'B', 'backoff');
    await stopService(plain, 'SIGTERM');
    results.filesContention = filesResult;
    results.filesWithoutTurns = baseline;
    rows.push(
      ...contentionRows('service files', `1 instance, ${opts.writers} writers × ${opts.saves} saves`, filesResult),
    );
    const without = `the same writers without write turns, same run`;
    rows.push(
      {
        area: 'service files',
        metric: 'without write turns: max attempts for one save',
        value: baseline.maxAttempts,
        unit: '',
        budget: 20,
        kind: 'info',
        note: `${without}; p95 ${baseline.p95Attempts}`,
      },
      {
        area: 'service files',
        metric: 'without write turns: throughput, saves/s',
        value: baseline.throughput,
        unit: '/s',
        budget: 1,
        kind: 'info',
        note: `${without}; p50 ${baseline.p50} ms, p95 ${baseline.p95} ms`,
      },
    );

    // PostgreSQL: two instances on one database.
    cluster = await startPgCluster();
    const databaseUrl = await cluster.createDatabase();
    a.port = await freePort();
    a.dir = await tempDir('pg-a');
    a.current = await startService({ port: a.port, configDir: a.dir, databaseUrl });
    servers.push(a.current);
    const b = await startService({ port: await freePort(), configDir: await tempDir('pg-b'), databaseUrl });
    servers.push(b);
    const cookie = await signIn(a.current.url);

    log(`stores 1/4 contention, PostgreSQL: 2 instances, ${opts.writers} writers × ${opts.saves} saves on flags …\n`);
    const pgResult = await contention([a.current, b], cookie, opts.writers, opts.saves, 'P');
    results.postgresContention = pgResult;
    rows.push(...contentionRows('service pg', `2 instances, ${opts.writers} writers × ${opts.saves} saves`, pgResult));

    log(`stores 2/4 propagation: ${opts.publishes} publishes on A, B's manifest polled every 5 ms …\n`);
    const prop = await propagation(a.current, b, cookie, opts.publishes);
    results.propagation = prop;
    rows.push(
      {
        area: 'service pg',
        metric: 'publish on A → B serves the manifest, p95',
        value: prop.p95,
        unit: 'ms',
        budget: 200,
        kind: 'max',
        note: `${prop.runs} publishes, polled every 5 ms`,
      },
      {
        area: 'service pg',
        metric: 'publish on A → B serves the manifest, p50 / max',
        value: prop.p50,
        unit: 'ms',
        budget: prop.max,
        kind: 'info',
        note: `max ${prop.max} ms`,
      },
    );

    log(`stores 3/4 kill: SIGKILL instance A ${opts.kills} times under saves and publishes on de-DE …\n`);
    const kill = await killBench(databaseUrl, a, b, cookie, opts.kills);
    results.kill = kill;
    rows.push(
      {
        area: 'service pg',
        metric: `acknowledged saves lost, ${kill.kills} SIGKILLs of A (${kill.acknowledged} acknowledged)`,
        value: kill.lost + (kill.contiguous ? 0 : 1),
        unit: '',
        budget: 0,
        kind: 'max',
        note: `history contiguous: ${kill.contiguous}; ${kill.seconds} s`,
      },
      {
        area: 'service pg',
        metric: `requests to B that failed while A was killed (of ${kill.bRequests})`,
        value: kill.bFailures.length,
        unit: '',
        budget: 0,
        kind: 'max',
      },
      {
        area: 'service pg',
        metric: 'restart of a killed instance to /healthz, p50',
        value: kill.restartP50,
        unit: 'ms',
        budget: 5000,
        kind: 'info',
      },
    );

    if (cluster.throwaway) {
      log('stores 4/4 database restart: PostgreSQL stopped for 2 s under load …\n');
      const restart = await restartBench(cluster, a.current!, b, cookie);
      results.databaseRestart = restart;
      rows.push(
        {
          area: 'service pg',
          metric: `database down: answers not 503 (of ${restart.during.total}; ${restart.during.s503} were 503)`,
          value: restart.during.other.length,
          unit: '',
          budget: 0,
          kind: 'max',
        },
        {
          area: 'service pg',
          metric: 'database restart: 500s and hangs (> 10 s) over the whole run',
          value: restart.bad500 + restart.hung,
          unit: '',
          budget: 0,
          kind: 'max',
        },
        {
          area: 'service pg',
          metric: `database restart: acknowledged saves lost (${restart.acknowledged} acknowledged)`,
          value: restart.lost + (restart.contiguous ? 0 : 1),
          unit: '',
          budget: 0,
          kind: 'max',
        },
        {
          area: 'service pg',
          metric: 'database back → both instances save again',
          value: restart.resumeMs,
          unit: 'ms',
          budget: 5000,
          kind: 'max',
        },
        {
          area: 'service pg',
          metric: 'database restart: instances that exited',
          value: Object.keys(restart.exited).length,
          unit: '',
          budget: 0,
          kind: 'max',
          note: Object.keys(restart.exited).join(', ') || 'none',
        },
      );
    } else {
      log(
        'stores 4/4 database restart: skipped, it needs a throwaway cluster (unset TEST_DATABASE_URL and DATABASE_URL)\n',
      );
      results.databaseRestart = 'skipped: TEST_DATABASE_URL or DATABASE_URL names an external server';
    }
  } finally {
    // The last A started by the kill bench is not in `servers`.
    if (a.current && !servers.includes(a.current)) servers.push(a.current);
    for (const server of servers) await stopService(server, 'SIGTERM').catch(() => {});
    await cluster?.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
  return { rows, results };
}
