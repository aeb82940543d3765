/**
 * Saving the cross-locale table (docs/editor-cross-locale.md#saving): one PUT per changed locale, each with the
 * If-Match of the draft the table loaded, all at once. Each locale ends in its own result, so a refusal in one
 * never holds back or undoes the others. Pure apart from the calls it is given.
 */
import { ApiError, describeApiError } from '../api/api-error';
import type { DocumentVersion, Problem, SavedVersion } from '../../schemas/contracts';
import type { ChangedDraft } from './cross-locale-model';

export type LocaleSaveResult =
  | { locale: string; status: 'saved'; version: number }
  /** The draft changed on the server since the table loaded it: merge `mine` (the table's text) with `theirs`. */
  | { locale: string; status: 'conflict'; base: string; mine: string; theirs: DocumentVersion }
  /** Not sent (the shared validator refused it) or refused by the service (422): the problems say why. */
  | { locale: string; status: 'invalid'; sent: boolean; problems: Problem[] }
  | { locale: string; status: 'failed'; message: string };

export interface SaveCalls {
  save: (id: string, etag: string, content: unknown, message: string) => Promise<SavedVersion>;
  /** The shared validator on the draft's text, with the cross-file context of the other drafts. */
  validate: (id: string, text: string) => Problem[];
}

export async function saveLocaleEdits(
  changes: readonly ChangedDraft[],
  message: string,
  calls: SaveCalls,
): Promise<LocaleSaveResult[]> {
  return Promise.all(changes.map((change) => saveOne(change, message, calls)));
}

async function saveOne(
  change: ChangedDraft,
  message: string,
  { save, validate }: SaveCalls,
): Promise<LocaleSaveResult> {
  const locale = change.id;
  const problems = validate(locale, change.text);
  if (problems.length > 0) return { locale, status: 'invalid', sent: false, problems };
  try {
    const saved = await save(locale, change.base.etag, change.content, message);
    return { locale, status: 'saved', version: saved.version };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'conflict' && error.current)
      return { locale, status: 'conflict', base: change.base.text, mine: change.text, theirs: error.current };
    if (error instanceof ApiError && error.kind === 'invalid-document')
      return { locale, status: 'invalid', sent: true, problems: error.problems };
    return { locale, status: 'failed', message: describeApiError(error) };
  }
}

/** The result in one line, for the results list and screen readers. */
export function describeResult(result: LocaleSaveResult): string {
  switch (result.status) {
    case 'saved':
      return `saved as version ${result.version}`;
    case 'conflict':
      return `not saved: version ${result.theirs.version} by ${result.theirs.author} was saved meanwhile. Your edit is kept; merge it below`;
    case 'invalid': {
      const count = result.problems.length === 1 ? '1 problem' : `${result.problems.length} problems`;
      return result.sent
        ? `refused by the config service (${count}); your edit is kept`
        : `not sent: the validator found ${count}; your edit is kept`;
    }
    case 'failed':
      return `not saved: ${result.message.replace(/\.$/, '')}; your edit is kept`;
  }
}

/** The default change message: what the table did, in the history's words. */
export function defaultMessage(itemIds: readonly string[]): string {
  return itemIds.length === 0 ? '' : `Edited ${itemIds.map((id) => `"${id}"`).join(', ')} in the cross-locale table`;
}
