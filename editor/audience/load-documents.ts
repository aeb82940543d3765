import { getDocument, listDocuments } from '../api/documents-api';
import type { DocumentText, ExcludedDocument } from './prepare-documents';

export interface LoadedDocuments {
  documents: DocumentText[];
  /** Documents that could not be fetched: said beside the result, never silently dropped. */
  excluded: ExcludedDocument[];
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function fetchTexts(ids: readonly string[], version: 'draft' | 'published'): Promise<LoadedDocuments> {
  const settled = await Promise.allSettled(ids.map((id) => getDocument(id, version)));
  const loaded: LoadedDocuments = { documents: [], excluded: [] };
  settled.forEach((result, i) => {
    const id = ids[i]!;
    if (result.status === 'fulfilled') loaded.documents.push({ id, text: result.value.text });
    else loaded.excluded.push({ id, reason: `the ${version} of ${id} could not be loaded: ${reasonOf(result.reason)}` });
  });
  return loaded;
}

/** The other documents' drafts (fallback account menu, markets, flags, siblings) for the open draft's matrix. */
export async function loadOtherDrafts(documentId: string): Promise<LoadedDocuments> {
  const ids = (await listDocuments()).map((d) => d.id).filter((id) => id !== documentId);
  return fetchTexts(ids, 'draft');
}

export interface PublishedDocuments extends LoadedDocuments {
  /** The published version of the document about to be published; null when it never was. */
  publishedVersion: number | null;
}

/**
 * What customers load now, as far as publishing `documentId` can change it: for a locale, that locale with
 * en (its account-menu fallback), markets and flags; for markets, flags or en, every published document.
 * Only published documents are fetched (the list says which), so nothing answers 404.
 */
export async function loadPublished(documentId: string): Promise<PublishedDocuments> {
  const summaries = await listDocuments();
  const published = summaries.filter((d) => d.published !== null).map((d) => d.id);
  const wide = documentId === 'markets' || documentId === 'flags' || documentId === 'en';
  const ids = wide ? published : published.filter((id) => [documentId, 'en', 'markets', 'flags'].includes(id));
  const loaded = await fetchTexts(ids, 'published');
  return { ...loaded, publishedVersion: summaries.find((d) => d.id === documentId)?.published?.version ?? null };
}
