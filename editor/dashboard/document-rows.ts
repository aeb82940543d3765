import type { DocumentSummary } from '../api/types';

/** What the dashboard shows per document, decided here so the table only lays it out (and tests pin it). */
export interface DocumentRow {
  id: string;
  kind: DocumentSummary['kind'];
  validity: string;
  valid: boolean;
  status: 'never-published' | 'draft-ahead' | 'published';
  statusLabel: string;
  draftVersion: number;
  publishedVersion: number | null;
  lastEditor: string;
  lastEdited: string;
}

const STATUS_LABELS: Record<DocumentRow['status'], string> = {
  'never-published': 'Never published',
  'draft-ahead': 'Draft ahead of published',
  published: 'Published',
};

export function toDocumentRow(doc: DocumentSummary): DocumentRow {
  const status: DocumentRow['status'] = !doc.published ? 'never-published' : doc.hasUnpublishedChanges ? 'draft-ahead' : 'published';
  return {
    id: doc.id,
    kind: doc.kind,
    valid: doc.valid,
    validity: doc.valid ? 'Valid' : `${doc.problemCount} problem${doc.problemCount === 1 ? '' : 's'}`,
    status,
    statusLabel: STATUS_LABELS[status],
    draftVersion: doc.draft.version,
    publishedVersion: doc.published?.version ?? null,
    lastEditor: doc.lastEditor,
    lastEdited: doc.lastEdited,
  };
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
