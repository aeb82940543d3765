import { apiRequest } from './request';
import { inWriteTurn } from './write-turn';
import type {
  DocumentHistory,
  DocumentList,
  DocumentSummary,
  DocumentVersion,
  PublishResult,
  RestoreBody,
  SaveBody,
  SavedVersion,
  VersionSelector,
} from '../../schemas/contracts';

const base = (id: string) => `/api/documents/${encodeURIComponent(id)}`;

/** The documents that can be opened; damaged ones are left out (see listDocumentsWithDamage). */
export async function listDocuments(): Promise<DocumentSummary[]> {
  return (await listDocumentsWithDamage()).documents;
}

/** Every document the service holds, the damaged ones apart: what the dashboard shows. */
export async function listDocumentsWithDamage(): Promise<DocumentList> {
  return (await apiRequest<DocumentList>('/api/documents')).data;
}

export async function getDocument(id: string, version: VersionSelector = 'draft'): Promise<DocumentVersion> {
  return (await apiRequest<DocumentVersion>(`${base(id)}?version=${version}`)).data;
}

/** Waits its turn while automated writers queue on the document (write-turn.ts); a 412 is the caller's to merge. */
export async function saveDocument(id: string, etag: string, content: unknown, message: string): Promise<SavedVersion> {
  return inWriteTurn(
    async (ticket) =>
      (
        await apiRequest<SavedVersion>(base(id), {
          method: 'PUT',
          headers: { 'if-match': etag, ...ticketHeader(ticket) },
          body: { content, message } satisfies SaveBody,
        })
      ).data,
  );
}

/** Creates a document the service does not hold yet (If-None-Match: *, answered 201; 409 document-exists if it does). */
export async function createDocument(id: string, content: unknown, message: string): Promise<SavedVersion> {
  return (
    await apiRequest<SavedVersion>(base(id), {
      method: 'PUT',
      headers: { 'if-none-match': '*' },
      body: { content, message } satisfies SaveBody,
    })
  ).data;
}

export async function publishDocument(id: string, etag: string): Promise<PublishResult> {
  return (
    await apiRequest<PublishResult>(`${base(id)}/publish`, { method: 'POST', headers: { 'if-match': etag }, body: {} })
  ).data;
}

export async function getHistory(id: string): Promise<DocumentHistory> {
  return (await apiRequest<DocumentHistory>(`${base(id)}/history`)).data;
}

export async function restoreVersion(id: string, etag: string, version: number): Promise<SavedVersion> {
  return inWriteTurn(
    async (ticket) =>
      (
        await apiRequest<SavedVersion>(`${base(id)}/restore`, {
          method: 'POST',
          headers: { 'if-match': etag, ...ticketHeader(ticket) },
          body: { version } satisfies RestoreBody,
        })
      ).data,
  );
}

const ticketHeader = (ticket: string | undefined): Record<string, string> => (ticket ? { 'write-ticket': ticket } : {});
