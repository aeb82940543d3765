/**
 * Where the file store keeps the editorial workflow's files (docs/workflow.md), and how it reads them back:
 *
 *   changesets/<id>.json        one change set record, rewritten whole (atomically) on every change
 *   secrets/<name>.key          a store's own random key (share links), mode 0600, made on first use
 *   publish-batch.json          the journal of a batch publication: present only between its commit point
 *                               and the end of its writes; an open that finds it rolls the batch forward
 *
 * The journal sits beside documents/ and published/, never in published/, which is what a CDN copies.
 */
import path from 'node:path';
import { CHANGE_SET_STATES, isChangeSetId, type ChangeSet } from '../../schemas/contracts/index';
import { isDocumentId, type DocumentId } from '../../schemas/validator/index';
import type { DocumentStore, PublicationInfo } from './store';
import { isPublicationInfo } from './store-layout';

export const CHANGE_SETS_FOLDER = 'changesets';
export const SECRETS_FOLDER = 'secrets';
export const JOURNAL_FILE = 'publish-batch.json';
export const JOURNAL_FORMAT = 1;

export type SecretName = Parameters<DocumentStore['secret']>[0];
/** Every secret a store keeps; the key files' names derive from it. */
export const SECRET_NAMES = ['share-links'] as const satisfies readonly SecretName[];
/** 256 bits: the HMAC-SHA256 key size (RFC 2104 §3 recommends at least the hash's output length). */
export const SECRET_BYTES = 32;
export const SECRET_MODE = 0o600;

/** The commit point of a batch publication: every document's new publication, and the change set record. */
export interface BatchJournal {
  format: typeof JOURNAL_FORMAT;
  time: string;
  publications: { id: DocumentId; publication: PublicationInfo }[];
  /** The change set record as the batch stores it (its revision already bumped), or null. */
  changeSet: ChangeSet | null;
}

export function changeSetsDir(dir: string): string {
  return path.join(dir, CHANGE_SETS_FOLDER);
}

export function changeSetPath(dir: string, id: string): string {
  return path.join(changeSetsDir(dir), `${id}.json`);
}

/** `cs-abcdefghij.json` → `cs-abcdefghij`; undefined for any other name. */
export function parseChangeSetFileName(name: string): string | undefined {
  const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : undefined;
  return id !== undefined && isChangeSetId(id) ? id : undefined;
}

export function secretsDir(dir: string): string {
  return path.join(dir, SECRETS_FOLDER);
}

export function secretPath(dir: string, name: SecretName): string {
  return path.join(secretsDir(dir), `${name}.key`);
}

export function journalPath(dir: string): string {
  return path.join(dir, JOURNAL_FILE);
}

export function renderRecord(value: unknown): string {
  return `${JSON.stringify(value, null, 1)}\n`;
}

/** Why `text` is not a usable record of change set `id`, or the record. */
export function parseChangeSet(text: string, id: string): { changeSet: ChangeSet } | { problem: string } {
  const value = parseJson(text);
  if ('problem' in value) return value;
  const wrong = changeSetRecordProblem(value.value, id);
  return wrong ? { problem: wrong } : { changeSet: value.value as ChangeSet };
}

/** Why `record` (parsed, or a database row's JSON) is not a usable record of change set `id`; undefined when it is. */
export function changeSetRecordProblem(record: unknown, id: string): string | undefined {
  if (!isRecord(record)) return 'is not a JSON object';
  if (record.id !== id) return `is not the record of ${id} (its id is ${JSON.stringify(record.id)})`;
  return changeSetShapeProblem(record);
}

/** Why `text` is not a usable batch journal, or the journal. */
export function parseJournal(text: string): { journal: BatchJournal } | { problem: string } {
  const value = parseJson(text);
  if ('problem' in value) return value;
  const journal = value.value;
  if (!isRecord(journal) || journal.format !== JOURNAL_FORMAT || typeof journal.time !== 'string')
    return { problem: `is not a batch journal (format ${JOURNAL_FORMAT})` };
  const { publications, changeSet } = journal;
  if (
    !Array.isArray(publications) ||
    !publications.every(
      (p) => isRecord(p) && typeof p.id === 'string' && isDocumentId(p.id) && isPublicationInfo(p.publication),
    )
  )
    return { problem: 'has a malformed publications list' };
  if (changeSet !== null) {
    const wrong = isRecord(changeSet) ? changeSetShapeProblem(changeSet) : 'is not an object';
    if (wrong) return { problem: `has a malformed change set record (${wrong})` };
  }
  return { journal: journal as unknown as BatchJournal };
}

/** The first way `record` is not a ChangeSet, in words; undefined when it is one. */
function changeSetShapeProblem(record: Record<string, unknown>): string | undefined {
  if (typeof record.id !== 'string' || !isChangeSetId(record.id)) return 'has no valid id';
  if (typeof record.title !== 'string') return 'has no title';
  if (!CHANGE_SET_STATES.includes(record.state as ChangeSet['state']))
    return `has an unknown state ${JSON.stringify(record.state)} (states: ${CHANGE_SET_STATES.join(', ')})`;
  if (typeof record.createdBy !== 'string' || typeof record.createdAt !== 'string')
    return 'has no creator or creation time';
  if (
    !Array.isArray(record.members) ||
    !record.members.every((m) => isRecord(m) && typeof m.id === 'string' && isDocumentId(m.id) && isCount(m.version))
  )
    return 'has a malformed members list';
  for (const list of ['comments', 'events', 'shares'] as const)
    if (!Array.isArray(record[list]) || !record[list].every(isRecord)) return `has a malformed ${list} list`;
  for (const field of ['approval', 'schedule', 'published'] as const)
    if (record[field] !== null && !isRecord(record[field])) return `has a malformed ${field}`;
  if (!isCount(record.revision)) return 'has no revision';
  return undefined;
}

function parseJson(text: string): { value: unknown } | { problem: string } {
  if (text.trim() === '') return { problem: 'is empty' };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { problem: `is not valid JSON (${(error as Error).message})` };
  }
}

function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
