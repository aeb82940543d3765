/**
 * The one error a damaged document's reads and writes raise. The HTTP layer answers it with
 * 503 `document-damaged` (server/http/errors.ts, docs/api.md); everything else keeps working.
 */
import type { DamagedChangeSet, DamagedDocument } from './store';

export class DocumentDamagedError extends Error {
  constructor(readonly damage: DamagedDocument) {
    super(`${damage.id} is damaged: ${damage.file} ${damage.problem}`);
    this.name = 'DocumentDamagedError';
  }
}

/** What a damaged change set record's reads and writes raise; every other change set keeps working. */
export class ChangeSetDamagedError extends Error {
  constructor(readonly damage: DamagedChangeSet) {
    super(`change set ${damage.id} is damaged: ${damage.file} ${damage.problem}`);
    this.name = 'ChangeSetDamagedError';
  }
}

/** What the history entries of a version or publication say when meta.json had to be rebuilt without them. */
export const RECOVERED_AUTHOR = 'recovered';

/** The operations guide's repair section, which every repair hint points to. */
export const REPAIR_GUIDE = 'docs/operations.md#repair';
