/** What the presence badges say (docs/workflow.md#presence), decided here so the badges only lay it out. */
import type { DocumentId, PresenceEntry, PresenceSnapshot } from '../../schemas/contracts';
import { isDocumentId } from '../../schemas/validator/documents';

/** Everyone else with a document open, by document; people on the dashboard (no document) are left out. */
export function othersByDocument(entries: readonly PresenceEntry[], me: string | undefined): Map<DocumentId, string[]> {
  const byDocument = new Map<DocumentId, string[]>();
  for (const entry of entries) {
    if (entry.document === null || entry.username === me) continue;
    const names = byDocument.get(entry.document) ?? [];
    if (!names.includes(entry.username)) names.push(entry.username);
    byDocument.set(entry.document, names);
  }
  return byDocument;
}

/** "anna is editing de-DE", "anna and ben are editing de-DE", "anna, ben and 2 others are editing de-DE". */
export function presenceText(usernames: readonly string[], document: DocumentId): string | null {
  if (usernames.length === 0) return null;
  const [first, second, third] = usernames;
  const who =
    usernames.length === 1
      ? first
      : usernames.length === 2
        ? `${first} and ${second}`
        : usernames.length === 3
          ? `${first}, ${second} and ${third}`
          : `${first}, ${second} and ${usernames.length - 2} others`;
  return `${who} ${usernames.length === 1 ? 'is' : 'are'} editing ${document}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A `presence` event's data, checked where it enters; undefined for anything that is not a PresenceSnapshot. */
export function readPresenceSnapshot(data: string): PresenceSnapshot | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !Array.isArray(value.entries)) return undefined;
  const ok = value.entries.every(
    (e) =>
      isRecord(e) &&
      typeof e.username === 'string' &&
      typeof e.since === 'string' &&
      (e.document === null || (typeof e.document === 'string' && isDocumentId(e.document))),
  );
  return ok ? (value as unknown as PresenceSnapshot) : undefined;
}
