/**
 * "A document is in at most one unpublished change set" is the store's rule, not one process's
 * (docs/workflow.md#change-sets): two instances on one PostgreSQL race to put the same document into a set 50 times
 * over HTTP and exactly one wins each race; the same races straight at each store; a database from before the rule
 * keeps working after its migration; and a save keeps every set that holds the document in step, even when a store
 * from before the rule left two of them.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeSet } from '../../schemas/contracts/index';
import type { DocumentId } from '../../schemas/validator/index';
import { DocumentService } from '../documents/document-service';
import { FileStore } from '../storage/file-store';
import { migrate } from '../storage/postgres/migrate';
import { MIGRATIONS } from '../storage/postgres/migrations';
import { PostgresStore } from '../storage/postgres/postgres-store';
import type { DocumentStore } from '../storage/store';
import { changeSetPath, renderRecord } from '../storage/workflow-layout';
import { changeSetRecord } from '../test-support/batch-fixture';
import { startPgCluster, type PgCluster } from '../test-support/pg-cluster';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { ChangeSetService } from './change-set-service';
import { startWorkflowFixture } from './workflow-fixture';

const ROUNDS = 50;
/** Each test seeds a store or a database first; CI is a slow, shared machine. */
const SLOW = 60_000;
const DOC: DocumentId = 'de-DE';

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => cluster?.stop());

const heldMessage = (holder: { id: string; title: string }) =>
  `${DOC} is already in the change set “${holder.title}” (${holder.id})`;

describe('two instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const url = await cluster.createDatabase();
    a = await startTestServer({ databaseUrl: url, requireApproval: true });
    b = await startTestServer({ databaseUrl: url, requireApproval: true });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const etag = async (server: TestServer, id: string) =>
    (await server.call('GET', `/api/change-sets/${id}`, { as: 'editor' })).headers.get('etag')!;
  const create = (server: TestServer, title: string, documents: DocumentId[]) =>
    server.call('POST', '/api/change-sets', { as: 'editor', body: { title, documents } });
  const add = (server: TestServer, id: string, tag: string) =>
    server.call('POST', `/api/change-sets/${id}/actions`, {
      as: 'editor',
      headers: { 'if-match': tag },
      body: { action: 'add', document: DOC },
    });

  it(`of ${ROUNDS} races between the instances to put ${DOC} into a set (create or add), exactly one wins each; the loser gets 409 document-in-change-set naming the winner`, async () => {
    const emptyA = (await create(a, 'Empty on A', [])).json as ChangeSet;
    const emptyB = (await create(b, 'Empty on B', [])).json as ChangeSet;
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const kind = (['create/create', 'create/add', 'add/add'] as const)[round % 3];
      // Everything a request needs is read first, so the two go out together.
      const [tagA, tagB] = await Promise.all([etag(a, emptyA.id), etag(b, emptyB.id)]);
      const fromA = kind === 'add/add' ? add(a, emptyA.id, tagA) : create(a, `A ${round}`, [DOC]);
      const fromB = kind === 'create/create' ? create(b, `B ${round}`, [DOC]) : add(b, emptyB.id, tagB);
      const answers = await Promise.all([fromA, fromB]);
      const winners = answers
        .filter((answer) => answer.status < 300)
        .map((answer) => ({ id: answer.json.id as string, title: answer.json.title as string }));
      outcomes.push(`${kind}: ${answers.map((answer) => answer.status).join('/')}`);
      if (winners.length === 1)
        for (const loser of answers.filter((answer) => answer.status >= 300))
          expect([loser.status, loser.json.error]).toMatchObject([
            409,
            { code: 'document-in-change-set', message: heldMessage(winners[0]!) },
          ]);
      // Free the document for the next round, from whichever sets took it.
      for (const winner of winners) {
        const removed = await a.call('POST', `/api/change-sets/${winner.id}/actions`, {
          as: 'editor',
          headers: { 'if-match': await etag(a, winner.id) },
          body: { action: 'remove', document: DOC },
        });
        expect(removed.status, removed.text).toBe(200);
      }
    }
    expect(outcomes.filter((o) => !/: (201|200)\/409$|: 409\/(201|200)$/.test(o))).toEqual([]);
    const open = ((await a.call('GET', '/api/change-sets', { as: 'editor' })).json.changeSets as ChangeSet[]).filter(
      (s) => s.state !== 'published' && s.members.some((m) => m.id === DOC),
    );
    expect(open).toEqual([]);
  }, 240_000);
});

/** `count` creates of different sets, each carrying `document`, at once. */
async function raceCreates(store: DocumentStore, count: number, document: DocumentId) {
  const ids = Array.from(
    { length: count },
    (_, i) => `cs-racerace${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`,
  );
  return Promise.all(
    ids.map((id) =>
      store.writeChangeSet(changeSetRecord(id, [{ id: document, version: 1 }], { state: 'draft' }), null),
    ),
  );
}

describe.each([
  ['FileStore', async () => (await startWorkflowFixture()).store as DocumentStore],
  ['PostgresStore', async () => PostgresStore.open({ connectionString: await cluster.createDatabase() })],
])('%s, raced directly', (_name, open) => {
  it(
    `of ${ROUNDS} sets created at once carrying ${DOC}, exactly one is written; the others are refused naming it`,
    async () => {
      const store = await open();
      try {
        const results = await raceCreates(store, ROUNDS, DOC);
        const written = results.filter((r) => r.ok);
        expect(written).toHaveLength(1);
        const winner = (written[0] as { changeSet: ChangeSet }).changeSet;
        for (const refused of results.filter((r) => !r.ok))
          expect(refused).toEqual({
            ok: false,
            reason: 'held',
            document: DOC,
            holder: { id: winner.id, title: winner.title },
          });
        expect((await store.listChangeSets()).map((s) => s.id)).toEqual([winner.id]);
      } finally {
        if (store instanceof PostgresStore) await store.close();
        else await (store as FileStore).close();
      }
    },
    SLOW,
  );
});

it(
  'a database from before the rule is migrated: the oldest open set holds each document, a younger one carrying it still works, a new one is refused',
  async () => {
    const url = await cluster.createDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const older = changeSetRecord('cs-olderolder', [{ id: DOC, version: 1 }], {
      state: 'in-review',
      createdAt: '2025-01-01T00:00:00.000Z',
      revision: 1,
    });
    const younger = changeSetRecord('cs-youngeryyy', [{ id: DOC, version: 1 }], {
      state: 'draft',
      createdAt: '2025-02-01T00:00:00.000Z',
      revision: 1,
    });
    try {
      await migrate(
        client,
        MIGRATIONS.filter((m) => m.version <= 5),
      );
      for (const set of [younger, older])
        await client.query('INSERT INTO change_sets (id, revision, created_at, record) VALUES ($1, $2, $3, $4)', [
          set.id,
          set.revision,
          set.createdAt,
          JSON.stringify(set),
        ]);
    } finally {
      await client.end();
    }
    const store = await PostgresStore.open({ connectionString: url });
    try {
      expect(
        await store.writeChangeSet(changeSetRecord('cs-newnewnewn', [{ id: DOC, version: 1 }]), null),
      ).toMatchObject({ ok: false, reason: 'held', holder: { id: older.id } });
      expect(await store.writeChangeSet({ ...younger, title: 'still works' }, 1)).toMatchObject({
        ok: true,
        changeSet: { title: 'still works', revision: 2 },
      });
      expect(await store.writeChangeSet({ ...older, members: [] }, 1)).toMatchObject({ ok: true });
      // The younger set takes the hold on its next write, so the document is not free while it still carries it.
      expect(await store.writeChangeSet({ ...younger, title: 'again' }, 2)).toMatchObject({ ok: true });
      expect(
        await store.writeChangeSet(changeSetRecord('cs-newnewnewn', [{ id: DOC, version: 1 }]), null),
      ).toMatchObject({ ok: false, reason: 'held', holder: { id: younger.id } });
    } finally {
      await store.close();
    }
  },
  SLOW,
);

it(
  'a save keeps every set that holds the document in step, even two that a store from before the rule left',
  async () => {
    const fixture = await startWorkflowFixture();
    const dir = path.join(fixture.dir, 'store');
    const sets = ['cs-firstfirst', 'cs-secondseco'].map((id, i) =>
      changeSetRecord(id, [{ id: DOC, version: 1 }], {
        state: 'in-review',
        createdAt: `2025-0${i + 1}-01T00:00:00.000Z`,
        revision: 1,
      }),
    );
    await fixture.store.writeChangeSet(changeSetRecord('cs-placeholdr', []), null);
    for (const set of sets) await writeFile(changeSetPath(dir, set.id), renderRecord(set));
    await fixture.store.close();
    const { store } = await FileStore.open({ dir });
    try {
      const documents = new DocumentService(store);
      const changeSets = new ChangeSetService(store, documents, { requireApproval: true });
      const draft = await documents.read(DOC, 'draft');
      const saved = await documents.save(DOC, draft.content, [draft.version], { author: 'ben', message: 'again' });
      await changeSets.memberSaved(DOC, { version: saved.version, author: 'ben' });
      for (const set of sets)
        expect((await store.readChangeSet(set.id))!.members, set.id).toEqual([{ id: DOC, version: saved.version }]);
    } finally {
      await store.close();
      await rm(fixture.dir, { recursive: true, force: true });
    }
  },
  SLOW,
);
