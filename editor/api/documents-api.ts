import { apiRequest } from './request';
import type { DocumentHistory, DocumentSummary, DocumentVersion, PublishResult, VersionMeta } from './types';

const base = (id: string) => `/api/documents/${encodeURIComponent(id)}`;

export async function listDocuments(): Promise<DocumentSummary[]> {
  return (await apiRequest<{ documents: DocumentSummary[] }>('/api/documents')).data.documents;
}

export async function getDocument(id: string, version: 'draft' | 'published' | number = 'draft'): Promise<DocumentVersion> {
  return (await apiRequest<DocumentVersion>(`${base(id)}?version=${version}`)).data;
}

export async function saveDocument(id: string, etag: string, content: unknown, message: string): Promise<VersionMeta> {
  return (await apiRequest<VersionMeta>(base(id), { method: 'PUT', headers: { 'if-match': etag }, body: { content, message } })).data;
}

export async function publishDocument(id: string, etag: string): Promise<PublishResult> {
  return (await apiRequest<PublishResult>(`${base(id)}/publish`, { method: 'POST', headers: { 'if-match': etag }, body: {} })).data;
}

export async function getHistory(id: string): Promise<DocumentHistory> {
  return (await apiRequest<DocumentHistory>(`${base(id)}/history`)).data;
}

export async function restoreVersion(id: string, etag: string, version: number): Promise<VersionMeta> {
  return (await apiRequest<VersionMeta>(`${base(id)}/restore`, { method: 'POST', headers: { 'if-match': etag }, body: { version } })).data;
}
