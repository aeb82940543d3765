import type { ChangeSet } from '../../schemas/contracts/index';
import type { DocumentStore } from '../storage/store';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { ShareService, type ShareStore } from './share-service';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server?.close();
});

async function createSet(): Promise<ChangeSet> {
  const created = await server.call('POST', '/api/change-sets', {
    as: 'editor',
    body: { title: 'Labels', documents: ['de-DE'] },
  });
  expect(created.status).toBe(201);
  return created.json as ChangeSet;
}

it('a write that loses the race to another writer is made again on the record as it is now, keeping both', async () => {
  const set = await createSet();
  const store: DocumentStore = server.started.store;
  let raced = false;
  // Someone comments between the share's read and its write.
  const racing: ShareStore = {
    readChangeSet: (id) => store.readChangeSet(id),
    read: (id, which) => store.read(id, which),
    secret: (name) => store.secret(name),
    async writeChangeSet(next, expected) {
      if (!raced) {
        raced = true;
        const current = (await store.readChangeSet(next.id))!;
        const other = await store.writeChangeSet({ ...current, title: 'Renamed meanwhile' }, current.revision);
        expect(other.ok).toBe(true);
      }
      return store.writeChangeSet(next, expected);
    },
  };
  const created = await new ShareService(racing).create(set.id, { expiresInMinutes: 5 }, 'content-manager');
  const stored = (await store.readChangeSet(set.id))!;
  expect(stored.title).toBe('Renamed meanwhile');
  expect(stored.shares.map((s) => s.id)).toEqual([created.share.id]);
  expect(stored.revision).toBe(set.revision + 2);
});

it('runs each read-change-write inside the queue it is given', async () => {
  const set = await createSet();
  const log: string[] = [];
  const store = server.started.store;
  const watched: ShareStore = {
    readChangeSet: async (id) => (log.push('read'), store.readChangeSet(id)),
    writeChangeSet: async (next, expected) => (log.push('write'), store.writeChangeSet(next, expected)),
    read: (id, which) => store.read(id, which),
    secret: (name) => store.secret(name),
  };
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    log.push('enter');
    const result = await work();
    log.push('leave');
    return result;
  };
  const created = await new ShareService(watched, { exclusive }).create(
    set.id,
    { expiresInMinutes: 5 },
    'content-manager',
  );
  await new ShareService(watched, { exclusive }).revoke(set.id, created.share.id, 'content-manager');
  expect(log).toEqual(['enter', 'read', 'write', 'leave', 'enter', 'read', 'write', 'leave']);
});

it('gives up with 503 when the record keeps changing, and writes nothing of its own', async () => {
  const set = await createSet();
  const store = server.started.store;
  const alwaysStale: ShareStore = {
    readChangeSet: (id) => store.readChangeSet(id),
    read: (id, which) => store.read(id, which),
    secret: (name) => store.secret(name),
    writeChangeSet: async (next) => ({ ok: false, reason: 'stale', current: (await store.readChangeSet(next.id))! }),
  };
  await expect(
    new ShareService(alwaysStale).create(set.id, { expiresInMinutes: 5 }, 'content-manager'),
  ).rejects.toMatchObject({ status: 503, code: 'stale-change-set' });
  expect((await store.readChangeSet(set.id))!.shares).toEqual([]);
});
