/**
 * A batch publication survives SIGKILL at any moment (docs/workflow.md#change-sets): a child process publishes
 * every locale document as one batch, again and again, and is killed 50 times at random moments. After each
 * kill the manifest on disk, and the reopened store's manifest and publication records, name one batch, and
 * it is the last acknowledged batch or the one in flight. The harness is server/test-support/batch-kill.ts;
 * bench/workflow-publish.bench.ts reports the same figures.
 */
import { describe, expect, it } from 'vitest';
import { runBatchKillLoop } from '../test-support/batch-kill';

describe('batch publication under SIGKILL', () => {
  it('50 kills at random moments: the manifest is all-old or all-new every time, on disk and after the reopen', async () => {
    const report = await runBatchKillLoop({ kills: 50 });
    expect(report.failures).toEqual([]);
    expect(report).toMatchObject({
      kills: 50,
      documents: 13,
      mixedOnDisk: 0,
      mixedAfterOpen: 0,
      wrongBatch: 0,
      manualFindings: 0,
    });
    // The kills reached the batches, not only the children's start-up.
    expect(report.killsMidBatch).toBeGreaterThan(0);
    expect(report.batchesAcknowledged).toBeGreaterThan(0);
  }, 120_000);
});
