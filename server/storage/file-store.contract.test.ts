/** The DocumentStore contract (server/test-support/store-contract.ts) on the file store, one temp directory per test. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { FileStore } from './file-store';
import { storeContract } from '../test-support/store-contract';

const root = mkdtempSync(path.join(tmpdir(), 'file-store-contract-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

storeContract('FileStore', {
  fresh: async () => path.join(root, `store-${++count}`),
  open: async (dir) => (await FileStore.open({ dir })).store,
  // Lets go of the directory's lock, so the reopen test can open it again.
  close: (store) => (store as FileStore).close(),
});
