/**
 * For the workflow's tests: a real FileStore in a temp dir, seeded from the test seed (server/test-support),
 * with the DocumentService and a ChangeSetService over it, and small helpers to edit a draft as someone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DocumentId } from '../../schemas/validator/index';
import { DocumentService } from '../documents/document-service';
import { seedStore } from '../documents/seed';
import { FileStore } from '../storage/file-store';
import { writeSeedFixture } from '../test-support/seed-fixture';
import { ChangeSetService } from './change-set-service';

export interface WorkflowFixture {
  dir: string;
  store: FileStore;
  documents: DocumentService;
  changeSets: ChangeSetService;
  /** Saves a new draft of `id` as `author` (de-DE: the logo's alt text; flags: the first description) and tells the change sets, as the route does. */
  edit(id: DocumentId, author: string, text?: string): Promise<number>;
  /** The same save without telling the change sets: a set that missed it. */
  editUnseen(id: DocumentId, author: string, text?: string): Promise<number>;
  manifest(): Promise<Record<string, { hash: string }>>;
  close(): Promise<void>;
}

export async function startWorkflowFixture(options: { requireApproval?: boolean } = {}): Promise<WorkflowFixture> {
  const dir = await mkdtemp(path.join(tmpdir(), 'workflow-test-'));
  const seedDir = await writeSeedFixture(path.join(dir, 'seed'));
  const { store } = await FileStore.open({ dir: path.join(dir, 'store') });
  const documents = new DocumentService(store);
  await seedStore(store, documents, seedDir);
  const changeSets = new ChangeSetService(store, documents, { requireApproval: options.requireApproval ?? true });
  let counter = 0;

  const editUnseen = async (id: DocumentId, author: string, text = `edit ${++counter}`) => {
    const draft = await documents.read(id, 'draft');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test's edit of a known path
    const content = structuredClone(draft.content) as any;
    if (id === 'flags') content.flags[0].description = text;
    else content.header.logoItems[0].alt = text;
    return (await documents.save(id, content, [draft.version], { author, message: text })).version;
  };

  return {
    dir,
    store,
    documents,
    changeSets,
    editUnseen,
    async edit(id, author, text) {
      const version = await editUnseen(id, author, text);
      await changeSets.memberSaved(id, { version, author });
      return version;
    },
    async manifest() {
      const bytes = await store.readPublished('manifest.json');
      return (JSON.parse(Buffer.from(bytes!).toString('utf8')) as { documents: Record<string, { hash: string }> })
        .documents;
    },
    async close() {
      await documents.refreshFragments();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
