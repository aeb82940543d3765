/**
 * The change sets' publication (docs/workflow.md#change-sets): how long an atomic publication of every locale
 * document takes through DocumentService.publishBatch (validation of each against the others, rendering,
 * the store's batch with its journal, the fragments' refresh) on a fresh store seeded from config/, and the
 * batch kill loop's figures (server/test-support/batch-kill.ts): SIGKILLs at random moments, and how many
 * left a manifest naming more than one batch.
 *
 *   npx tsx -e "import('./bench/workflow-publish.bench.ts').then(async m=>console.log(await m.benchWorkflowPublish()))"
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { LOCALE_CONFIG_IDS } from '../schemas/validator/index';
import { DocumentService, type BatchMember } from '../server/documents/document-service';
import { seedStore } from '../server/documents/seed';
import { FileStore } from '../server/storage/file-store';
import type { DocumentStore } from '../server/storage/store';
import { runBatchKillLoop } from '../server/test-support/batch-kill';
import { median, percentile, type BudgetRow } from './stats';

const ROUNDS = 7;
const KILLS = 50;

/** `store` with the time spent in each of `methods` added to `spent` (the last call's, per name). */
function timed(store: FileStore, methods: readonly (keyof DocumentStore)[], spent: Map<string, number>): DocumentStore {
  return new Proxy(store, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      if (!methods.includes(key as keyof DocumentStore)) return bound;
      return async (...args: unknown[]) => {
        const start = performance.now();
        try {
          return await bound(...args);
        } finally {
          spent.set(String(key), (spent.get(String(key)) ?? 0) + performance.now() - start);
        }
      };
    },
  });
}

export async function benchWorkflowPublish(): Promise<BudgetRow[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'bench-workflow-publish-'));
  const runs: number[] = [];
  const storeRuns: number[] = [];
  const fragmentRuns: number[] = [];
  const spent = new Map<string, number>();
  const load = loadavg()[0]!;
  try {
    const { store: fileStore } = await FileStore.open({ dir: path.join(root, 'store') });
    const store = timed(fileStore, ['publishBatch', 'publishFragments'], spent);
    const service = new DocumentService(store);
    const seeded = await seedStore(store, service, 'config');
    if (seeded.unpublished.length > 0)
      throw new Error(`config/ does not publish: ${seeded.unpublished.map((u) => `${u.id}: ${u.reason}`).join('; ')}`);
    await service.refreshFragments();
    // One round more than measured: the first warms the validation thread and the renderers.
    for (let round = 0; round <= ROUNDS; round++) {
      const members: BatchMember[] = [];
      for (const id of LOCALE_CONFIG_IDS) {
        const draft = await service.read(id, 'draft');
        const content = structuredClone(draft.content) as { strings: { header: { copied: string } } };
        content.strings.header.copied = `${content.strings.header.copied.replace(/ \(\d+\)$/, '')} (${round})`;
        const saved = await service.save(id, content, [draft.version], { author: 'bench', message: `round ${round}` });
        members.push({ id, version: saved.version });
      }
      spent.clear();
      const start = performance.now();
      const results = await service.publishBatch(members, 'bench', { approvedBy: 'bench-approver' });
      if (round > 0) {
        runs.push(performance.now() - start);
        storeRuns.push(spent.get('publishBatch') ?? 0);
        fragmentRuns.push(spent.get('publishFragments') ?? 0);
      }
      if (results.some((r) => r.unchanged)) throw new Error(`round ${round} published nothing new`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }

  const kill = await runBatchKillLoop({ kills: KILLS });
  if (kill.failures.length > 0) console.error(kill.failures.join('\n'));
  const documents = LOCALE_CONFIG_IDS.length;
  return [
    {
      area: 'workflow',
      metric: `atomic publish of ${documents} locale documents (publishBatch), median of ${ROUNDS}`,
      value: median(runs),
      unit: 'ms',
      budget: 500,
      kind: 'max',
    },
    {
      area: 'workflow',
      metric: `atomic publish of ${documents} locale documents, p95 of ${ROUNDS}`,
      value: percentile(runs, 95),
      unit: 'ms',
      budget: 500,
      kind: 'info',
      note: `load average ${load.toFixed(1)} at the start`,
    },
    {
      area: 'workflow',
      metric: "of which the store's batch (hashed files, journal, records, manifest), median",
      value: median(storeRuns),
      unit: 'ms',
      budget: 500,
      kind: 'info',
    },
    {
      area: 'workflow',
      metric: 'of which writing the refreshed fragments, median',
      value: median(fragmentRuns),
      unit: 'ms',
      budget: 500,
      kind: 'info',
    },
    {
      area: 'workflow',
      metric: `SIGKILLs during batch publications (${kill.killsMidBatch} inside a batch, ${kill.journalsRolledForward} after its commit point)`,
      value: kill.kills,
      unit: '',
      budget: KILLS,
      kind: 'min',
    },
    {
      area: 'workflow',
      metric: `manifests naming more than one batch after a kill (on disk or reopened), of ${kill.kills}`,
      value: kill.mixedOnDisk + kill.mixedAfterOpen + kill.wrongBatch,
      unit: '',
      budget: 0,
      kind: 'max',
      note: `${kill.seconds} s`,
    },
  ];
}
