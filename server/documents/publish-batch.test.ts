/**
 * DocumentService.publishBatch (docs/workflow.md#change-sets): every member validated as it will go out,
 * against the other members' new versions and the other documents' published ones; all published together
 * or none. Over a real store seeded from config/.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_CONFIG_IDS, type DocumentId } from '../../schemas/validator/index';
import { ApiError } from '../http/errors';
import { FileStore } from '../storage/file-store';
import { publishedDir } from '../storage/store-layout';
import { changeSetRecord } from '../test-support/batch-fixture';
import { REPO_ROOT } from '../test-support/seed-fixture';
import { DocumentService, type BatchMember } from './document-service';
import { seedStore } from './seed';

const root = mkdtempSync(path.join(tmpdir(), 'publish-batch-'));
let store: FileStore;
let service: DocumentService;
beforeAll(async () => {
  store = (await FileStore.open({ dir: path.join(root, 'store') })).store;
  service = new DocumentService(store);
  const report = await seedStore(store, service, path.join(REPO_ROOT, 'config'));
  expect(report.unpublished).toEqual([]);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const manifestText = () => readFileSync(path.join(publishedDir(store.dir), 'manifest.json'), 'utf8');
const manifestFile = (id: DocumentId) =>
  (JSON.parse(manifestText()) as { documents: Record<string, { file: string }> }).documents[id]!.file;

/** Saves `change(content)` as the new draft of `id`; returns the member for that draft. */
async function saveDraft(id: DocumentId, change: (content: Record<string, unknown>) => unknown): Promise<BatchMember> {
  const draft = await service.read(id, 'draft');
  const saved = await service.save(
    id,
    change(structuredClone(draft.content) as Record<string, unknown>),
    [draft.version],
    { author: 'anna', message: 'batch test' },
  );
  return { id, version: saved.version };
}

const withCopied = (text: string) => (content: Record<string, unknown>) => {
  (content as { strings: { header: { copied: string } } }).strings.header.copied = text;
  return content;
};

/** A rule of `id` gated on `flag` instead of newDashboard (first occurrence). */
const gatedOn = (flag: string) => (content: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(content).replace('{"flag":"newDashboard"}', `{"flag":"${flag}"}`)) as unknown;

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('DocumentService.publishBatch', () => {
  it('publishes every locale document at once, with the change set and approver on each publication', async () => {
    const members: BatchMember[] = [];
    for (const id of LOCALE_CONFIG_IDS) members.push(await saveDraft(id, withCopied(`Kopiert (Stapel 1, ${id})`)));
    const CS = 'cs-batchtest2';
    await store.writeChangeSet(changeSetRecord(CS, members), null);
    const next = changeSetRecord(CS, members, { state: 'published' });

    const results = await service.publishBatch(members, 'carla', {
      changeSet: { next, expectedRevision: 1 },
      approvedBy: 'dora',
    });
    expect(results.map((r) => [r.id, r.version, r.unchanged])).toEqual(members.map((m) => [m.id, m.version, false]));
    for (const result of results) {
      expect(`/configs/${manifestFile(result.id)}`).toBe(result.url);
      expect((await store.summary(result.id))!.published).toMatchObject({
        version: result.version,
        changeSet: CS,
        approvedBy: 'dora',
        author: 'carla',
      });
    }
    expect(await store.readChangeSet(CS)).toMatchObject({ state: 'published', revision: 2 });

    const again = await service.publishBatch(members, 'carla');
    expect(again.every((r) => r.unchanged)).toBe(true);
  }, 60_000);

  it('checks each member against the others being published with it: a new flag and its first rule go out together', async () => {
    const flags = await saveDraft('flags', (content) => {
      (content as { flags: unknown[] }).flags.push({
        id: 'springCampaign',
        description: 'Shows the spring campaign entry.',
        default: false,
      });
      return content;
    });
    const deDE = await saveDraft('de-DE', gatedOn('springCampaign'));

    // Alone, de-DE names a flag customers do not have yet.
    const alone = await rejection(service.publishBatch([deDE], 'carla'));
    expect(alone).toMatchObject({ status: 422, code: 'invalid-document', message: 'de-DE has 1 problem' });
    expect(alone.extra.problems![0]).toMatchObject({ code: 'unknown-flag' });

    const results = await service.publishBatch([deDE, flags], 'carla');
    expect(results.map((r) => r.id)).toEqual(['de-DE', 'flags']);
    expect(readFileSync(path.join(publishedDir(store.dir), manifestFile('de-DE')), 'utf8')).toContain('springCampaign');
  }, 60_000);

  it('refuses a registry that strands a rule of a published document outside the batch, naming it; nothing is published', async () => {
    const before = manifestText();
    // nl-NL first: a draft is checked against the other drafts, and the registry draft below drops its flag.
    const nlNL = await saveDraft('nl-NL', withCopied('Gekopieerd (batch 3)'));
    const flags = await saveDraft('flags', (content) => {
      const list = (content as { flags: { id: string }[] }).flags;
      return { ...content, flags: list.filter((f) => f.id !== 'newDashboard') };
    });
    const error = await rejection(service.publishBatch([nlNL, flags], 'carla'));
    expect(error.status).toBe(422);
    expect(error.code).toBe('invalid-document');
    // nl-NL itself still uses newDashboard, and so do published documents outside the batch.
    expect(error.message).toMatch(/^nl-NL \(\d+\), flags \(\d+\) cannot be published: \d+ problems$/);
    expect(error.extra.problems!.every((p) => p.code === 'unknown-flag')).toBe(true);
    expect(manifestText()).toBe(before);
    // Put flags back as published, for the tests below.
    await service.restore('flags', (await store.summary('flags'))!.published!.version, [flags.version], {
      author: 'anna',
      message: 'back',
    });
  }, 60_000);

  it('a member whose draft moved on since its version was chosen: 412 draft-changed with the draft now, and nothing published', async () => {
    const before = manifestText();
    const frFR = await saveDraft('fr-FR', withCopied('Copié (lot 4)'));
    const itIT = await saveDraft('it-IT', withCopied('Copiato (lotto 4)'));
    await saveDraft('it-IT', withCopied('Copiato (lotto 4, di nuovo)'));
    const error = await rejection(service.publishBatch([frFR, itIT], 'carla'));
    expect(error).toMatchObject({ status: 412, code: 'draft-changed' });
    expect(error.message).toBe(
      `it-IT changed since version ${itIT.version} was chosen for publication: the draft is now version ${itIT.version + 1}, saved by anna`,
    );
    expect(error.extra.fields?.current).toMatchObject({ id: 'it-IT', version: itIT.version + 1 });
    expect(manifestText()).toBe(before);
  }, 60_000);

  it('an invalid member, or a change set record that moved on, publishes nothing', async () => {
    const before = manifestText();
    const esES = await saveDraft('es-ES', withCopied('Copiado (lote 5)'));
    // A valid draft (the registry's draft has its flag) that cannot go out without the registry.
    const flags = await saveDraft('flags', (content) => {
      (content as { flags: unknown[] }).flags.push({
        id: 'autumnCampaign',
        description: 'Shows the autumn campaign entry.',
        default: false,
      });
      return content;
    });
    const deAT = await saveDraft('de-AT', gatedOn('autumnCampaign'));
    const invalid = await rejection(service.publishBatch([esES, deAT], 'carla'));
    expect(invalid).toMatchObject({
      status: 422,
      code: 'invalid-document',
      message: 'de-AT (1) cannot be published: 1 problem',
    });
    expect(invalid.extra.problems![0]).toMatchObject({ code: 'unknown-flag', file: 'draft de-AT' });
    expect(manifestText()).toBe(before);
    expect((await store.summary('es-ES'))!.published!.version).toBeLessThan(esES.version);
    expect((await store.summary('flags'))!.published!.version).toBeLessThan(flags.version);

    const CS = 'cs-batchtest5';
    await store.writeChangeSet(changeSetRecord(CS, [esES]), null);
    await store.writeChangeSet(changeSetRecord(CS, [esES], { title: 'renamed meanwhile' }), 1);
    const stale = await rejection(
      service.publishBatch([esES], 'carla', { changeSet: { next: changeSetRecord(CS, [esES]), expectedRevision: 1 } }),
    );
    expect(stale).toMatchObject({ status: 412, code: 'stale-change-set' });
    expect(stale.extra.fields?.changeSet).toMatchObject({ id: CS, title: 'renamed meanwhile', revision: 2 });
    expect(manifestText()).toBe(before);
  }, 60_000);

  it('refuses an empty batch and a document named twice', async () => {
    await expect(service.publishBatch([], 'carla')).rejects.toMatchObject({ status: 400, code: 'bad-request' });
    const draft = (await store.summary('de-DE'))!.draft.version;
    await expect(
      service.publishBatch(
        [
          { id: 'de-DE', version: draft },
          { id: 'de-DE', version: draft },
        ],
        'carla',
      ),
    ).rejects.toMatchObject({ status: 400, message: 'de-DE is named twice in the batch' });
  });
});
