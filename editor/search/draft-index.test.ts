import type { DocumentId, DocumentSummary, DocumentVersion } from '../../schemas/contracts';
import { DraftIndex, type DraftSource } from './draft-index';

const summary = (id: DocumentId, version: number) => ({ id, draft: { version } }) as DocumentSummary;
const draft = (id: DocumentId, version: number, title: string) =>
  ({ id, version, content: { header: { items: [{ id: 'x', title }] } } }) as unknown as DocumentVersion;

function fakeSource(versions: Partial<Record<DocumentId, number>>, titles: Partial<Record<DocumentId, string>> = {}) {
  const listDocuments = vi.fn(async (): Promise<DocumentSummary[]> =>
    Object.entries(versions).map(([id, v]) => summary(id as DocumentId, v)),
  );
  const getDocument = vi.fn(async (id: DocumentId): Promise<DocumentVersion> => {
    if (id === 'flags') throw new Error('document-damaged');
    return draft(id, versions[id]!, titles[id] ?? `${id} title`);
  });
  return { versions, titles, listDocuments, getDocument } satisfies DraftSource & Record<string, unknown>;
}

const names = (index: DraftIndex, id: DocumentId) =>
  index
    .getState()
    .documents.get(id)
    ?.map((e) => e.name);

it('fetches every draft once, then only the ones whose version changed', async () => {
  const source = fakeSource({ 'de-DE': 1, 'fr-FR': 1 });
  const index = new DraftIndex(source);
  await index.refresh();
  expect(source.getDocument).toHaveBeenCalledTimes(2);
  expect(names(index, 'de-DE')).toEqual(['de-DE title']);
  source.versions['fr-FR'] = 2;
  source.titles['fr-FR'] = 'Nouveau';
  await index.refresh();
  expect(source.getDocument).toHaveBeenCalledTimes(3);
  expect(source.getDocument).toHaveBeenLastCalledWith('fr-FR', 'draft');
  expect(names(index, 'fr-FR')).toEqual(['Nouveau']);
});

it('lists documents in DOCUMENT_IDS order whatever order they arrive in', async () => {
  const index = new DraftIndex(fakeSource({ markets: 1, 'fr-FR': 1, 'de-DE': 1 }));
  await index.refresh();
  expect([...index.getState().documents.keys()]).toEqual(['de-DE', 'fr-FR', 'markets']);
});

it('tells subscribers as each draft arrives, counting down what is still loading', async () => {
  const index = new DraftIndex(fakeSource({ 'de-DE': 1, 'fr-FR': 1 }));
  const loading: number[] = [];
  index.subscribe(() => loading.push(index.getState().loading));
  await index.refresh();
  expect(loading).toEqual([2, 1, 0]);
});

it('says which document could not be loaded and searches the others', async () => {
  const index = new DraftIndex(fakeSource({ 'de-DE': 1, flags: 1 }));
  await index.refresh();
  expect(index.getState().errors).toEqual(['flags could not be loaded and is not searched: document-damaged']);
  expect(names(index, 'de-DE')).toEqual(['de-DE title']);
});

it('keeps the drafts it has when the list cannot be read, and says so', async () => {
  const source = fakeSource({ 'de-DE': 1 });
  const index = new DraftIndex(source);
  await index.refresh();
  source.listDocuments.mockRejectedValueOnce(new Error('offline'));
  await index.refresh();
  expect(index.getState().errors[0]).toMatch(/^Could not check the documents for changes \(offline\)/);
  expect(names(index, 'de-DE')).toEqual(['de-DE title']);
});

it('searches the open document’s edits in place of its server draft until told to stop', async () => {
  const index = new DraftIndex(fakeSource({ 'de-DE': 1 }));
  await index.refresh();
  index.useEditorDraft('de-DE', { header: { items: [{ id: 'x', title: 'Unsaved' }] } });
  expect(names(index, 'de-DE')).toEqual(['Unsaved']);
  expect(index.getState().fromEditor).toBe('de-DE');
  index.useEditorDraft(null);
  expect(names(index, 'de-DE')).toEqual(['de-DE title']);
});

it('shares one run between concurrent refreshes', async () => {
  const source = fakeSource({ 'de-DE': 1 });
  const index = new DraftIndex(source);
  await Promise.all([index.refresh(), index.refresh()]);
  expect(source.listDocuments).toHaveBeenCalledTimes(1);
});
