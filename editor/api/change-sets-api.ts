/**
 * The change-set calls of the config service (docs/workflow.md, docs/api.md#change-sets), typed by
 * schemas/contracts/workflow-api.ts. Writes to a set carry If-Match "r<revision>"; a 412 stale-change-set
 * comes back as a StaleChangeSetError holding the record as it is now, so a page can show what changed
 * without losing what the user typed.
 */
import { ApiError } from './api-error';
import { apiRequest } from './request';
import {
  changeSetEtag,
  type ChangeSet,
  type ChangeSetAction,
  type ChangeSetList,
  type CreateChangeSetBody,
  type CreatedShare,
  type CreateShareBody,
} from '../../schemas/contracts';

const base = '/api/change-sets';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** The service refused a write because the set changed since it was read (412 stale-change-set). */
export class StaleChangeSetError extends Error {
  constructor(
    override readonly cause: ApiError,
    /** The record as it is now: from the refusal's body, or read again when the body did not carry it. */
    readonly current: ChangeSet,
  ) {
    super(cause.message);
    this.name = 'StaleChangeSetError';
  }
}

export async function listChangeSets(): Promise<ChangeSetList> {
  return (await apiRequest<ChangeSetList>(base)).data;
}

export async function getChangeSet(id: string): Promise<ChangeSet> {
  return (await apiRequest<ChangeSet>(one(id))).data;
}

export async function createChangeSet(body: CreateChangeSetBody): Promise<ChangeSet> {
  return (await apiRequest<ChangeSet>(base, { method: 'POST', body })).data;
}

/** One action on the set as it was at `revision`; answers the record after it. */
export async function actOnChangeSet(id: string, revision: number, action: ChangeSetAction): Promise<ChangeSet> {
  try {
    return (
      await apiRequest<ChangeSet>(`${one(id)}/actions`, {
        method: 'POST',
        headers: { 'if-match': changeSetEtag(revision) },
        body: action,
      })
    ).data;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'stale-change-set')
      throw new StaleChangeSetError(error, await getChangeSet(id));
    throw error;
  }
}

export async function createShare(id: string, body: CreateShareBody): Promise<CreatedShare> {
  return (await apiRequest<CreatedShare>(`${one(id)}/shares`, { method: 'POST', body })).data;
}

export async function revokeShare(id: string, shareId: string): Promise<void> {
  await apiRequest<unknown>(`${one(id)}/shares/${encodeURIComponent(shareId)}`, { method: 'DELETE' });
}
