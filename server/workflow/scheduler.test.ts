/**
 * Scheduled publishing on a real app over a real store: on time (the manifest switches within 1 s of `at`),
 * across a restart (a schedule that fell due while the server was down is published at start), and the
 * recorded failures (a draft that changed, an invalid document), which are never retried, and two instances'
 * schedulers firing for one set (one publishes; the other's lost race is no failure).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeSet, ChangeSetAction } from '../../schemas/contracts/index';
import { createApp, type StartedApp } from '../app';
import { DocumentService } from '../documents/document-service';
import { FileStore } from '../storage/file-store';
import { writeSeedFixture } from '../test-support/seed-fixture';
import type { DocumentStore } from '../storage/store';
import type { Actor } from './change-set-rules';
import { ChangeSetService } from './change-set-service';
import { ChangeSetScheduler } from './scheduler';

const ANNA: Actor = { username: 'anna', role: 'editor' };
const PO: Actor = { username: 'po', role: 'approver' };

let root: string;
let seedDir: string;
let configDir: string;
const open: StartedApp[] = [];

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'scheduler-test-'));
  seedDir = await writeSeedFixture(path.join(root, 'seed'));
  configDir = path.join(root, 'store');
});
afterEach(async () => {
  for (const app of open.splice(0)) await app.app.close();
  await rm(root, { recursive: true, force: true });
});

async function start(requireApproval = true): Promise<StartedApp> {
  const started = await createApp({
    configDir,
    seedDir,
    demoPasswords: { editor: 'e-pass', viewer: 'v-pass', approver: 'a-pass' },
    requireApproval,
  });
  open.push(started);
  return started;
}

async function stop(started: StartedApp): Promise<void> {
  open.splice(open.indexOf(started), 1);
  await started.app.close();
}

/** Saves de-DE as `author` through the service alone: what a save looks like to a server that is down. */
async function editDeDe(documents: DocumentService, author: string, text: string): Promise<number> {
  const draft = await documents.read('de-DE', 'draft');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test's edit of a known path
  const content = structuredClone(draft.content) as any;
  content.header.logoItems[0].alt = text;
  return (await documents.save('de-DE', content, [draft.version], { author, message: text })).version;
}

/** An approved set carrying de-DE after anna's edit, scheduled `inMs` from now. */
async function scheduledSet(
  started: StartedApp,
  inMs: number,
  documents: ChangeSetAction[] = [],
): Promise<{ set: ChangeSet; at: number }> {
  const { changeSets } = started.workflow;
  const version = await editDeDe(started.service, 'anna', `scheduled ${inMs}`);
  await changeSets.memberSaved('de-DE', { version, author: 'anna' });
  let set = await changeSets.create('Scheduled', ['de-DE'], ANNA);
  for (const action of documents) set = await changeSets.act(set.id, action, set.revision, ANNA);
  set = await changeSets.act(set.id, { action: 'submit' }, set.revision, ANNA);
  set = await changeSets.act(set.id, { action: 'approve' }, set.revision, PO);
  const at = Date.now() + inMs;
  set = await changeSets.act(set.id, { action: 'schedule', at: new Date(at).toISOString() }, set.revision, PO);
  return { set, at };
}

async function deDeHash(started: StartedApp): Promise<string> {
  const bytes = await started.store.readPublished('manifest.json');
  return (JSON.parse(Buffer.from(bytes!).toString('utf8')) as { documents: Record<string, { hash: string }> })
    .documents['de-DE']!.hash;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('scheduled publishing', () => {
  it('switches the manifest within 1 s of the scheduled time, not before, as the one who scheduled it', async () => {
    const started = await start();
    const before = await deDeHash(started);
    const { set, at } = await scheduledSet(started, 1500);
    let switched: number | undefined;
    while (Date.now() < at + 3000) {
      if ((await deDeHash(started)) !== before) {
        switched = Date.now();
        break;
      }
      await sleep(10);
    }
    expect(switched, 'the manifest never switched').toBeDefined();
    expect(switched!).toBeGreaterThanOrEqual(at);
    expect(switched! - at).toBeLessThanOrEqual(1000);
    const done = await started.workflow.changeSets.get(set.id);
    expect(done.state).toBe('published');
    expect(done.published?.by).toBe('po');
    expect(done.events.at(-1)).toMatchObject({
      kind: 'published',
      author: 'po',
      detail: `as scheduled for ${set.schedule!.at}`,
    });
    expect((await started.store.history('de-DE'))!.publications.at(-1)).toMatchObject({
      changeSet: set.id,
      approvedBy: 'po',
      author: 'po',
    });
  });

  it('publishes nothing once unscheduled', async () => {
    const started = await start();
    const before = await deDeHash(started);
    const { set } = await scheduledSet(started, 600);
    await started.workflow.changeSets.act(set.id, { action: 'unschedule' }, set.revision, PO);
    await sleep(1000);
    await started.workflow.scheduler.settled();
    expect(await deDeHash(started)).toBe(before);
    expect((await started.workflow.changeSets.get(set.id)).state).toBe('approved');
  });
});

describe('across a restart', () => {
  it('a schedule that fell due while the server was down is published at start', async () => {
    const first = await start();
    const before = await deDeHash(first);
    const { set, at } = await scheduledSet(first, 800);
    await stop(first);
    await sleep(Math.max(0, at - Date.now()) + 300);

    const second = await start();
    await second.workflow.scheduled;
    const done = await second.workflow.changeSets.get(set.id);
    expect(done.state).toBe('published');
    expect(await deDeHash(second)).not.toBe(before);
  });

  it('a schedule set before a restart still fires on time after it', async () => {
    const first = await start();
    const before = await deDeHash(first);
    const { set, at } = await scheduledSet(first, 2500);
    await stop(first);
    const second = await start();
    await second.workflow.scheduled;
    expect(await deDeHash(second)).toBe(before);
    await sleep(Math.max(0, at - Date.now()) + 1000);
    expect((await second.workflow.changeSets.get(set.id)).state).toBe('published');
    expect(await deDeHash(second)).not.toBe(before);
  });

  it('a draft changed while the server was down: the failure and its reason are recorded, the set is back in review, nothing published', async () => {
    const first = await start();
    const before = await deDeHash(first);
    const { set, at } = await scheduledSet(first, 800);
    await stop(first);
    // Someone's save reached the store while this server was down (or its after-save step was lost).
    const { store } = await FileStore.open({ dir: configDir });
    const v = await editDeDe(new DocumentService(store), 'ben', 'while the server was down');
    await sleep(Math.max(0, at - Date.now()) + 300);

    const second = await start();
    await second.workflow.scheduled;
    const failed = await second.workflow.changeSets.get(set.id);
    expect(failed.state).toBe('in-review');
    expect(failed.approval).toBeNull();
    expect(failed.schedule).toMatchObject({
      at: set.schedule!.at,
      by: 'po',
      failure: { reason: expect.stringMatching(/^draft-changed: .*de-DE is now v\d+ by ben/) },
    });
    expect(failed.members).toEqual([{ id: 'de-DE', version: v }]);
    expect(failed.events.slice(-3).map((e) => e.kind)).toEqual([
      'member-edited',
      'returned-to-review',
      'schedule-failed',
    ]);
    expect(await deDeHash(second)).toBe(before);
  });
});

describe('failures while running', () => {
  it('an invalid member: schedule.failure says why, the set stays approved and is not tried again', async () => {
    const started = await start();
    const before = await deDeHash(started);
    // en-GB in the test seed is a copy of de-DE: its locale does not match its name, so it cannot be published.
    const { set } = await scheduledSet(started, 600, [{ action: 'add', document: 'en-GB' }]);
    await sleep(1200);
    await started.workflow.scheduler.settled();
    const failed = await started.workflow.changeSets.get(set.id);
    expect(failed.state).toBe('approved');
    expect(failed.schedule?.failure?.reason).toMatch(/^invalid-document: en-GB/);
    expect(failed.events.filter((e) => e.kind === 'schedule-failed')).toHaveLength(1);
    expect(await deDeHash(started)).toBe(before);
    // A new schedule clears the failure and is tried again.
    const rescheduled = await started.workflow.changeSets.act(
      set.id,
      { action: 'schedule', at: new Date(Date.now() + 60_000).toISOString() },
      failed.revision,
      PO,
    );
    expect(rescheduled.schedule?.failure).toBeUndefined();
  });
});

describe('several instances', () => {
  it('when two schedulers fire for one set, the one that loses the race records no failure: the set is published once', async () => {
    const started = await start();
    const before = await deDeHash(started);
    const { set, at } = await scheduledSet(started, 300);
    // This test fires the two publications itself, at the same moment.
    await started.workflow.scheduler.stop();
    await sleep(Math.max(0, at - Date.now()) + 50);

    // The other instance read the set (approved, due) just before this one published it, and publishes after:
    // its publishBatch finds the record's revision moved on (change-set-stale), as on a shared database.
    const store = started.store;
    const due = (await store.readChangeSet(set.id))!;
    let first: Promise<unknown> = Promise.resolve();
    let served = false;
    const otherStore = new Proxy(store, {
      get(target, property) {
        if (property === 'readChangeSet')
          return async (id: string) => {
            if (served || id !== set.id) return target.readChangeSet(id);
            served = true;
            await first;
            return due;
          };
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as DocumentStore;
    const other = new ChangeSetService(otherStore, new DocumentService(otherStore), { requireApproval: true });

    first = started.workflow.changeSets.publishDue(set.id);
    const [mine, theirs] = await Promise.all([first, other.publishDue(set.id)]);
    expect(served).toBe(true);
    expect(mine).toBe('published');
    expect(theirs).toBe('not-due');
    const done = await started.workflow.changeSets.get(set.id);
    expect(done.state).toBe('published');
    expect(done.schedule?.failure).toBeUndefined();
    expect(done.events.filter((e) => e.kind === 'published')).toHaveLength(1);
    expect(done.events.map((e) => e.kind)).not.toContain('schedule-failed');
    expect(done.events.map((e) => e.kind)).not.toContain('publish-failed');
    expect(await deDeHash(started)).not.toBe(before);
  });

  it('a set scheduled on another instance is armed here by the periodic re-read, and published on time', async () => {
    const started = await start();
    await started.workflow.scheduler.stop();
    const before = await deDeHash(started);
    // This instance's scheduler hears of no change: the set is written by another service on the same store.
    const here = new ChangeSetScheduler(started.workflow.changeSets, { rereadMs: 100 });
    await here.start();
    try {
      const elsewhere = new ChangeSetService(started.store, started.service, { requireApproval: true });
      const version = await editDeDe(started.service, 'anna', 'scheduled elsewhere');
      await elsewhere.memberSaved('de-DE', { version, author: 'anna' });
      let set = await elsewhere.create('Scheduled elsewhere', ['de-DE'], ANNA);
      set = await elsewhere.act(set.id, { action: 'submit' }, set.revision, ANNA);
      set = await elsewhere.act(set.id, { action: 'approve' }, set.revision, PO);
      const at = Date.now() + 600;
      await elsewhere.act(set.id, { action: 'schedule', at: new Date(at).toISOString() }, set.revision, PO);
      await sleep(at - Date.now() + 400);
      await here.settled();
      expect((await started.workflow.changeSets.get(set.id)).state).toBe('published');
      expect(await deDeHash(started)).not.toBe(before);
    } finally {
      await here.stop();
    }
  });
});
