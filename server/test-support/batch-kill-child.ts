/**
 * The process the batch kill loop (batch-kill.ts) SIGKILLs: it loads, says `loaded`, waits for `go <tag>` on
 * stdin (so its start-up overlaps the previous kill's checks), opens the store (rolling forward any journal),
 * then publishes batches of every locale document in a loop: each batch saves a draft carrying the batch's
 * marker in every document, then publishes them all as one. It prints `start <marker>` before a batch and
 * `done <marker>` once publishBatch resolved; stdout to a pipe is synchronous on Linux, so the parent reads
 * every line written before the kill.
 *
 *   node --import tsx server/test-support/batch-kill-child.ts <store dir>
 */
import { createInterface } from 'node:readline';
import { FileStore } from '../storage/file-store';
import { BATCH_DOCUMENTS, batchMarker, markedEntry, markedText } from './batch-fixture';

const dir = process.argv[2];
if (!dir) throw new Error('usage: batch-kill-child.ts <store dir>');
process.stdout.write('loaded\n');

const lines = createInterface({ input: process.stdin });
const go = await new Promise<string>((resolve) => lines.once('line', resolve));
const tag = go.replace(/^go /, '');

const { store } = await FileStore.open({ dir });
process.stdout.write('open\n');
for (let n = 1; ; n++) {
  const marker = batchMarker(tag, n);
  process.stdout.write(`start ${marker}\n`);
  const versions = await Promise.all(
    BATCH_DOCUMENTS.map(async (id) => {
      const draft = (await store.summary(id))!.draft.version;
      const saved = await store.commitDraft(
        id,
        { text: markedText(id, marker), author: 'kill-loop', message: marker, action: 'save' },
        draft,
      );
      if (!saved.ok) throw new Error(`save of ${id} failed: ${saved.reason}`);
      return saved.version.version;
    }),
  );
  const result = await store.publishBatch(BATCH_DOCUMENTS.map((id, i) => markedEntry(id, marker, versions[i]!)));
  if (!result.ok) throw new Error(`batch ${marker} failed: ${result.reason}`);
  process.stdout.write(`done ${marker}\n`);
}
