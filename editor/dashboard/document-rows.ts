import type { DamagedDocument, DocumentSummary } from '../../schemas/contracts';
import { documentName } from '../names/document-names';

/** What the dashboard shows per document, decided here so the table only lays it out (and tests pin it). */
export interface DocumentRow {
  id: DocumentSummary['id'];
  kind: DocumentSummary['kind'];
  /** "Germany", "Markets list" (document-names.ts). */
  name: string;
  /** The registry's flag code, drawn decoratively; null for the shared documents. */
  flag: string | null;
  validity: string;
  valid: boolean;
  status: 'never-published' | 'draft-ahead' | 'published';
  statusLabel: string;
  draftVersion: number;
  publishedVersion: number | null;
  lastEditor: string;
  lastEdited: string;
  /** The draft's change message, as its author wrote it; empty when none was given. */
  lastMessage: string;
  /** Who wrote the draft version. */
  lastAuthor: string;
}

const STATUS_LABELS: Record<DocumentRow['status'], string> = {
  'never-published': 'Never published',
  'draft-ahead': 'Unpublished changes',
  published: 'Published',
};

export function toDocumentRow(doc: DocumentSummary): DocumentRow {
  const status: DocumentRow['status'] = !doc.published
    ? 'never-published'
    : doc.hasUnpublishedChanges
      ? 'draft-ahead'
      : 'published';
  return {
    id: doc.id,
    kind: doc.kind,
    ...documentName(doc.id),
    valid: doc.valid,
    validity: doc.valid ? 'Valid' : `${doc.problemCount} problem${doc.problemCount === 1 ? '' : 's'}`,
    status,
    statusLabel: STATUS_LABELS[status],
    draftVersion: doc.draft.version,
    publishedVersion: doc.published?.version ?? null,
    lastEditor: doc.lastEditor,
    lastEdited: doc.lastEdited,
    lastMessage: doc.draft.message.trim(),
    lastAuthor: doc.draft.author,
  };
}

/** A damaged document's row: which file, what is wrong with it, and what an operator does about it. */
export interface DamagedRow {
  id: string;
  kind: DamagedDocument['kind'];
  /** e.g. "documents/de-DE/versions/000003.json is missing". */
  damage: string;
  repair: string;
}

export function toDamagedRow(doc: DamagedDocument): DamagedRow {
  return { id: doc.id, kind: doc.kind, damage: `${doc.file} ${doc.problem}`, repair: doc.repair };
}

/** The line above the table; none when nothing is damaged. */
export function damageSummary(damaged: readonly DamagedDocument[]): string | null {
  if (damaged.length === 0) return null;
  const what =
    damaged.length === 1
      ? `${damaged[0]!.id} is damaged and cannot be opened`
      : `${damaged.length} documents are damaged and cannot be opened`;
  return `${what} until its files are repaired on the server: ask whoever runs the config service (each row says what to do). Every other document works as usual.`;
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
