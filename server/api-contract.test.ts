/**
 * The service's answers carry exactly the fields of the contract types the editor reads
 * (schemas/contracts/config-api.ts, api-errors.ts): no field the editor does not know of, none it
 * waits for in vain. Each field list below must name every key of its type, and nothing else, or it
 * does not compile; the requests then check the real answers against it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChangeSet,
  ChangeSetEvent,
  ChangeSetList,
  DocumentHistory,
  DocumentList,
  DocumentSummary,
  DocumentVersion,
  ErrorBody,
  ErrorDetail,
  HistoryEntry,
  PublicationEntry,
  PublishedMeta,
  PublishResult,
  SavedVersion,
  Session,
  VersionMeta,
} from '../schemas/contracts/index';
import { startTestServer, type TestServer } from './test-support/test-server';

/** Each key of T: `always` in every answer, or `sometimes` (an optional field). */
type Fields<T> = Record<keyof T, 'always' | 'sometimes'>;

const VERSION_META = {
  version: 'always',
  etag: 'always',
  author: 'always',
  time: 'always',
  message: 'always',
  action: 'always',
  restoredFrom: 'sometimes',
} satisfies Fields<VersionMeta>;
const SAVED_VERSION = { ...VERSION_META, id: 'always' } satisfies Fields<SavedVersion>;
const DOCUMENT_VERSION = {
  ...SAVED_VERSION,
  kind: 'always',
  isDraft: 'always',
  isPublished: 'always',
  text: 'always',
  content: 'always',
} satisfies Fields<DocumentVersion>;
const PUBLISHED_META = {
  version: 'always',
  etag: 'always',
  hash: 'always',
  url: 'always',
  publishedBy: 'always',
  publishedAt: 'always',
} satisfies Fields<PublishedMeta>;
const DOCUMENT_SUMMARY = {
  id: 'always',
  kind: 'always',
  valid: 'always',
  problemCount: 'always',
  draft: 'always',
  published: 'always',
  hasUnpublishedChanges: 'always',
  lastEditor: 'always',
  lastEdited: 'always',
  versionCount: 'always',
} satisfies Fields<DocumentSummary>;
const DOCUMENT_LIST = { documents: 'always', damaged: 'always' } satisfies Fields<DocumentList>;
const HISTORY_ENTRY = { ...VERSION_META, isDraft: 'always', isPublished: 'always' } satisfies Fields<HistoryEntry>;
const PUBLICATION_ENTRY = {
  version: 'always',
  hash: 'always',
  url: 'always',
  author: 'always',
  time: 'always',
  changeSet: 'sometimes',
  approvedBy: 'sometimes',
} satisfies Fields<PublicationEntry>;
const DOCUMENT_HISTORY = {
  id: 'always',
  draftVersion: 'always',
  publishedVersion: 'always',
  versions: 'always',
  publications: 'always',
} satisfies Fields<DocumentHistory>;
const PUBLISH_RESULT = {
  id: 'always',
  version: 'always',
  etag: 'always',
  hash: 'always',
  url: 'always',
  manifest: 'always',
  author: 'always',
  time: 'always',
  unchanged: 'always',
} satisfies Fields<PublishResult>;
const SESSION = { username: 'always', role: 'always' } satisfies Fields<Session>;
const ERROR_BODY = {
  error: 'always',
  current: 'sometimes',
  damaged: 'sometimes',
  changeSet: 'sometimes',
  turn: 'sometimes',
} satisfies Fields<ErrorBody>;
const CHANGE_SET = {
  id: 'always',
  title: 'always',
  state: 'always',
  createdBy: 'always',
  createdAt: 'always',
  members: 'always',
  approval: 'always',
  schedule: 'always',
  comments: 'always',
  events: 'always',
  shares: 'always',
  published: 'always',
  revision: 'always',
} satisfies Fields<ChangeSet>;
const CHANGE_SET_LIST = { changeSets: 'always', requireApproval: 'always' } satisfies Fields<ChangeSetList>;
const CHANGE_SET_EVENT = {
  kind: 'always',
  author: 'always',
  time: 'always',
  versions: 'always',
  detail: 'sometimes',
} satisfies Fields<ChangeSetEvent>;
const ERROR_DETAIL = {
  code: 'always',
  message: 'always',
  hint: 'sometimes',
  problems: 'sometimes',
} satisfies Fields<ErrorDetail>;

/** The keys of `answer` the contract does not name, and the ones it promises that are missing. */
function mismatch(answer: object, fields: Record<string, 'always' | 'sometimes'>) {
  const keys = Object.keys(answer);
  return {
    unknown: keys.filter((key) => !Object.hasOwn(fields, key)),
    missing: Object.keys(fields).filter((key) => fields[key] === 'always' && !keys.includes(key)),
  };
}
const matches = { unknown: [], missing: [] };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const editor = (method: string, urlPath: string, options: { headers?: Record<string, string>; body?: unknown } = {}) =>
  server.call(method, urlPath, { as: 'editor', ...options });

describe('the config API answers with the contract’s fields', () => {
  it('sign-in and who-am-I: Session', async () => {
    const signedIn = await server.call('POST', '/api/session', {
      body: { username: 'content-manager', password: 'editor-test-pass' },
    });
    expect(signedIn.status).toBe(200);
    expect(mismatch(signedIn.json, SESSION)).toEqual(matches);
    expect(mismatch((await editor('GET', '/api/session')).json, SESSION)).toEqual(matches);
  });

  it('the list: DocumentList of DocumentSummary, with VersionMeta and PublishedMeta inside', async () => {
    const { json } = await editor('GET', '/api/documents');
    expect(mismatch(json, DOCUMENT_LIST)).toEqual(matches);
    const published = json.documents.find((d: DocumentSummary) => d.published !== null);
    expect(mismatch(published, DOCUMENT_SUMMARY)).toEqual(matches);
    expect(mismatch(published.draft, VERSION_META)).toEqual(matches);
    expect(mismatch(published.published, PUBLISHED_META)).toEqual(matches);
  });

  it('a read: DocumentVersion', async () => {
    const { json } = await editor('GET', '/api/documents/de-DE');
    expect(mismatch(json, DOCUMENT_VERSION)).toEqual(matches);
  });

  it('a save and a restore: SavedVersion (restoredFrom on a restore)', async () => {
    const { json: draft } = await editor('GET', '/api/documents/flags');
    const saved = await editor('PUT', '/api/documents/flags', {
      headers: { 'if-match': draft.etag },
      body: { content: draft.content, message: 'same again' },
    });
    expect(saved.status).toBe(200);
    expect(mismatch(saved.json, SAVED_VERSION)).toEqual(matches);
    const restored = await editor('POST', '/api/documents/flags/restore', {
      headers: { 'if-match': saved.json.etag },
      body: { version: 1 },
    });
    expect(restored.status).toBe(200);
    expect(mismatch(restored.json, SAVED_VERSION)).toEqual(matches);
    expect(restored.json.restoredFrom).toBe(1);
  });

  it('the history: DocumentHistory of HistoryEntry and PublicationEntry', async () => {
    const { json } = await editor('GET', '/api/documents/de-DE/history');
    expect(mismatch(json, DOCUMENT_HISTORY)).toEqual(matches);
    expect(mismatch(json.versions[0], HISTORY_ENTRY)).toEqual(matches);
    expect(mismatch(json.publications[0], PUBLICATION_ENTRY)).toEqual(matches);
  });

  it('a publish: PublishResult', async () => {
    const { json: draft } = await editor('GET', '/api/documents/de-DE');
    const published = await editor('POST', '/api/documents/de-DE/publish', { headers: { 'if-match': draft.etag } });
    expect(published.status).toBe(200);
    expect(mismatch(published.json, PUBLISH_RESULT)).toEqual(matches);
  });

  it('errors: ErrorBody, with problems on a 422 and the current draft on a 412', async () => {
    const notFound = await editor('GET', '/api/documents/de-DE?version=99');
    expect(notFound.status).toBe(404);
    expect(mismatch(notFound.json, ERROR_BODY)).toEqual(matches);
    expect(mismatch(notFound.json.error, ERROR_DETAIL)).toEqual(matches);

    const { json: draft } = await editor('GET', '/api/documents/de-DE');
    const invalid = await editor('PUT', '/api/documents/de-DE', {
      headers: { 'if-match': draft.etag },
      body: { content: { locale: 'de-DE' }, message: 'too short' },
    });
    expect(invalid.status).toBe(422);
    expect(mismatch(invalid.json.error, ERROR_DETAIL)).toEqual(matches);
    expect(invalid.json.error.problems.length).toBeGreaterThan(0);

    const stale = await editor('PUT', '/api/documents/de-DE', {
      headers: { 'if-match': '"v999"' },
      body: { content: draft.content, message: 'late' },
    });
    expect(stale.status).toBe(412);
    expect(mismatch(stale.json, ERROR_BODY)).toEqual(matches);
    expect(mismatch(stale.json.current, DOCUMENT_VERSION)).toEqual(matches);
  });

  it('change sets: ChangeSet on create, read and action, ChangeSetList, and a 412 carrying `changeSet`', async () => {
    const created = await editor('POST', '/api/change-sets', { body: { title: 'Contract', documents: ['flags'] } });
    expect(created.status).toBe(201);
    expect(mismatch(created.json, CHANGE_SET)).toEqual(matches);
    expect(mismatch(created.json.events[0], CHANGE_SET_EVENT)).toEqual(matches);
    const list = await server.call('GET', '/api/change-sets', { as: 'viewer' });
    expect(mismatch(list.json, CHANGE_SET_LIST)).toEqual(matches);
    expect(mismatch(list.json.changeSets[0], CHANGE_SET)).toEqual(matches);
    const read = await server.call('GET', `/api/change-sets/${created.json.id}`, { as: 'viewer' });
    expect(mismatch(read.json, CHANGE_SET)).toEqual(matches);
    const acted = await editor('POST', `/api/change-sets/${created.json.id}/actions`, {
      headers: { 'if-match': created.headers.get('etag')! },
      body: { action: 'submit' },
    });
    expect(acted.status).toBe(200);
    expect(mismatch(acted.json, CHANGE_SET)).toEqual(matches);
    const stale = await editor('POST', `/api/change-sets/${created.json.id}/actions`, {
      headers: { 'if-match': created.headers.get('etag')! },
      body: { action: 'withdraw' },
    });
    expect(stale.status).toBe(412);
    expect(mismatch(stale.json, ERROR_BODY)).toEqual(matches);
    expect(mismatch(stale.json.changeSet, CHANGE_SET)).toEqual(matches);

    const published = await editor('POST', `/api/change-sets/${created.json.id}/actions`, {
      headers: { 'if-match': acted.headers.get('etag')! },
      body: { action: 'publish' },
    });
    expect(published.status, published.text).toBe(200);
    const { json: history } = await editor('GET', '/api/documents/flags/history');
    expect(mismatch(history.publications[0], PUBLICATION_ENTRY)).toEqual(matches);
    expect(history.publications[0].changeSet).toBe(created.json.id);
  });
});
