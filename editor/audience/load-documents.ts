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
    else
      loaded.excluded.push({ id, reason: `the ${version} of ${id} could not be loaded: ${reasonOf(result.reason)}` });
  });
  return loaded;
}

/** The other documents' drafts (fallback account menu, markets, flags, siblings) for the open draft's matrix. */
export async function loadOtherDrafts(documentId: string): Promise<LoadedDocuments> {
  const ids = (await listDocuments()).map((d) => d.id).filter((id) => id !== documentId);
  return fetchTexts(ids, 'draft');
}

export interface ReviewDocuments {
  /** Each member's published text, null when it was never published. */
  published: Map<string, string | null>;
  /** Member id → its published version (null: never published). */
  publishedVersions: Map<string, number | null>;
  /** The published documents the members are shown with. */
  others: DocumentText[];
  excluded: ExcludedDocument[];
}

/**
 * What the publish review of a change set compares against (review-engine.ts): each member's published
 * version, and the other published documents it is shown with: en (the account-menu fallback), markets and
 * flags, and every locale when a member is markets, flags or en, which every locale shows.
 */
export async function loadReviewDocuments(memberIds: readonly string[]): Promise<ReviewDocuments> {
  const summaries = await listDocuments();
  const publishedIds = summaries.filter((d) => d.published !== null).map((d) => d.id as string);
  const wide = memberIds.some((id) => id === 'markets' || id === 'flags' || id === 'en');
  const wanted = publishedIds.filter((id) => memberIds.includes(id) || wide || ['en', 'markets', 'flags'].includes(id));
  const loaded = await fetchTexts(wanted, 'published');
  // Comparing a member with nothing would report everything as new: better no review than a wrong one.
  const missing = loaded.excluded.find((e) => memberIds.includes(e.id));
  if (missing) throw new Error(missing.reason);
  const published = new Map<string, string | null>(memberIds.map((id) => [id, null]));
  const others: DocumentText[] = [];
  for (const doc of loaded.documents) {
    if (memberIds.includes(doc.id)) published.set(doc.id, doc.text);
    else others.push(doc);
  }
  const publishedVersions = new Map(
    memberIds.map((id) => [id, summaries.find((d) => d.id === id)?.published?.version ?? null]),
  );
  return { published, publishedVersions, others, excluded: loaded.excluded };
}
