/**
 * What a change-set request carries, checked where it enters (docs/api.md#change-sets): the id in the path, the
 * If-Match revision, the create body and each action's body, refused with what is valid.
 */
import {
  isChangeSetId,
  type ChangeSetAction,
  type CommentTarget,
  type CreateChangeSetBody,
} from '../../schemas/contracts/index';
import { DOCUMENT_IDS, isDocumentId, type DocumentId } from '../../schemas/validator/index';
import { ApiError } from '../http/errors';
import { objectBody } from '../http/request-parsing';
import { CHANGE_SET_ACTIONS, COMMENT_MAX, TITLE_MAX } from './change-set-rules';

/** The fields each action's body may carry beside `action`; `?` marks an optional one. */
const ACTION_FIELDS = {
  rename: ['title'],
  add: ['document'],
  remove: ['document'],
  submit: [],
  approve: [],
  withdraw: [],
  comment: ['text', 'target?'],
  schedule: ['at'],
  unschedule: [],
  publish: [],
} as const satisfies Record<ChangeSetAction['action'], readonly string[]>;

const POINTER_MAX = 1000;
const ITEM_ID_MAX = 200;

export function changeSetIdParam(raw: string): string {
  if (isChangeSetId(raw)) return raw;
  if (!/^[A-Za-z0-9-]{1,40}$/.test(raw))
    throw new ApiError(
      400,
      'bad-request',
      'malformed change set id',
      'ids look like cs-abcdefgh23: "cs-" and ten of a-z, 2-7',
    );
  throw new ApiError(
    404,
    'change-set-not-found',
    `no change set is called ${JSON.stringify(raw)}`,
    'GET /api/change-sets lists them',
  );
}

/** The revision an If-Match header names: missing or `*` → 428; a tag that is no revision → -1 (never matches: 412). */
export function ifMatchRevision(header: string | undefined): number {
  if (header === undefined || header.trim() === '' || header.trim() === '*')
    throw new ApiError(
      428,
      'precondition-required',
      'a change-set action needs an If-Match header with the set’s ETag',
      'send the ETag of the change set you read, e.g. If-Match: "r3"; read it from GET /api/change-sets/:id',
    );
  const match = /^\s*"r(\d{1,10})"\s*$/.exec(header);
  return match ? Number(match[1]) : -1;
}

export function createBody(body: unknown): CreateChangeSetBody & { documents: DocumentId[] } {
  const fields = objectBody(
    body,
    ['title', 'documents'],
    '{"title": "Fix the savings label", "documents": ["de-DE", "de-AT"]}',
  );
  const title = titleField(fields.title);
  if (fields.documents === undefined) return { title, documents: [] };
  if (!Array.isArray(fields.documents))
    throw new ApiError(
      400,
      'bad-request',
      '"documents" must be a list of document ids',
      `e.g. ["de-DE", "de-AT"]; known documents: ${DOCUMENT_IDS.join(', ')}`,
    );
  const documents = fields.documents.map((d, i) => documentField(d, `documents[${i}]`));
  const repeated = documents.find((d, i) => documents.indexOf(d) !== i);
  if (repeated) throw new ApiError(400, 'bad-request', `"documents" names ${repeated} twice`);
  return { title, documents };
}

export function actionBody(body: unknown): ChangeSetAction {
  const example = '{"action": "submit"}';
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
    throw new ApiError(400, 'bad-request', 'request body must be a JSON object', `e.g. ${example}`);
  const name = (body as { action?: unknown }).action;
  if (typeof name !== 'string' || !(CHANGE_SET_ACTIONS as string[]).includes(name))
    throw new ApiError(
      400,
      'bad-request',
      name === undefined ? 'body needs "action"' : `unknown action ${JSON.stringify(name)}`,
      `actions: ${CHANGE_SET_ACTIONS.join(', ')}`,
    );
  const action = name as ChangeSetAction['action'];
  const allowed = ACTION_FIELDS[action].map((f) => f.replace('?', ''));
  const fields = objectBody(body, ['action', ...allowed], example);
  const missing = ACTION_FIELDS[action].filter((f) => !f.endsWith('?') && fields[f] === undefined);
  if (missing.length > 0)
    throw new ApiError(
      400,
      'bad-request',
      `"${action}" needs ${missing.map((f) => `"${f}"`).join(' and ')}`,
      `e.g. ${ACTION_EXAMPLES[action]}`,
    );
  switch (action) {
    case 'rename':
      return { action, title: titleField(fields.title) };
    case 'add':
    case 'remove':
      return { action, document: documentField(fields.document, 'document') };
    case 'comment': {
      const text = textField(fields.text);
      return fields.target === undefined ? { action, text } : { action, text, target: targetField(fields.target) };
    }
    case 'schedule':
      if (typeof fields.at !== 'string')
        throw new ApiError(
          400,
          'bad-schedule',
          '"at" must be an ISO 8601 time as a string',
          `e.g. ${ACTION_EXAMPLES.schedule}`,
        );
      return { action, at: fields.at };
    default:
      return { action };
  }
}

const ACTION_EXAMPLES: Record<ChangeSetAction['action'], string> = {
  rename: '{"action": "rename", "title": "Savings label in every locale"}',
  add: '{"action": "add", "document": "de-AT"}',
  remove: '{"action": "remove", "document": "de-AT"}',
  submit: '{"action": "submit"}',
  approve: '{"action": "approve"}',
  withdraw: '{"action": "withdraw"}',
  comment:
    '{"action": "comment", "text": "Looks right", "target": {"document": "de-DE", "pointer": "/header/items/0", "itemId": "savings"}}',
  schedule: '{"action": "schedule", "at": "2030-01-31T08:00:00Z"}',
  unschedule: '{"action": "unschedule"}',
  publish: '{"action": "publish"}',
};

function titleField(value: unknown): string {
  if (typeof value !== 'string')
    throw new ApiError(400, 'bad-request', '"title" must be a string', 'e.g. "Savings label in every locale"');
  const title = value.trim();
  if (title.length < 1 || title.length > TITLE_MAX)
    throw new ApiError(
      400,
      'bad-request',
      `"title" must be 1 to ${TITLE_MAX} characters, not ${title.length}`,
      'say in a line what the change is',
    );
  return title;
}

function textField(value: unknown): string {
  if (typeof value !== 'string') throw new ApiError(400, 'bad-request', '"text" must be a string');
  const text = value.trim();
  if (text.length < 1 || text.length > COMMENT_MAX)
    throw new ApiError(400, 'bad-request', `a comment must be 1 to ${COMMENT_MAX} characters, not ${text.length}`);
  return text;
}

function documentField(value: unknown, name: string): DocumentId {
  if (typeof value === 'string' && isDocumentId(value)) return value;
  throw new ApiError(
    400,
    'bad-request',
    `${name} must be a document id, not ${JSON.stringify(value)}`,
    `known documents: ${DOCUMENT_IDS.join(', ')}`,
  );
}

function targetField(value: unknown): CommentTarget {
  const fields = objectBody(
    value,
    ['document', 'pointer', 'itemId'],
    '{"document": "de-DE", "pointer": "/header/items/0", "itemId": "savings"}',
  );
  const document = documentField(fields.document, 'target.document');
  const pointer = fields.pointer;
  // RFC 6901: the empty string (the whole document) or "/"-separated tokens.
  if (
    typeof pointer !== 'string' ||
    (pointer !== '' && !pointer.startsWith('/')) ||
    pointer.length > POINTER_MAX ||
    /~[^01]|~$/.test(pointer)
  )
    throw new ApiError(
      400,
      'bad-request',
      `target.pointer must be a JSON pointer (RFC 6901), not ${JSON.stringify(pointer)}`,
      'e.g. "/header/items/0"',
    );
  if (fields.itemId === undefined) return { document, pointer };
  if (typeof fields.itemId !== 'string' || fields.itemId === '' || fields.itemId.length > ITEM_ID_MAX)
    throw new ApiError(400, 'bad-request', `target.itemId must be an item id of 1 to ${ITEM_ID_MAX} characters`);
  return { document, pointer, itemId: fields.itemId };
}
