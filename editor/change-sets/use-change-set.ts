/**
 * One change set as its page works on it: the record and its revision, who wrote each carried version (the
 * approval check needs it) with the carried texts (the review needs them), and every action with the stale
 * flow: a 412 reloads the record and says what changed, and the caller keeps what the user typed.
 */
import { useCallback, useEffect, useState } from 'react';
import { describeApiError } from '../api/api-error';
import { actOnChangeSet, getChangeSet, StaleChangeSetError } from '../api/change-sets-api';
import { getDocument } from '../api/documents-api';
import type { ChangeSet, ChangeSetAction, DocumentId, DocumentVersion } from '../../schemas/contracts';
import type { CarriedVersion } from './change-set-permissions';
import { describeStaleChange } from './stale-change';

/** A member's carried draft version, read in full. */
export interface CarriedDraft extends CarriedVersion {
  text: string;
  content: unknown;
}

export type ActResult = { ok: true; changeSet: ChangeSet } | { ok: false; message: string };

export interface StaleNotice {
  message: string;
  changes: string[];
}

const versionKey = (id: DocumentId, version: number) => `${id}@${version}`;

/** Versions never change once written, so each is read once per page. */
function useCarriedDrafts(changeSet: ChangeSet | null): { carried: CarriedDraft[]; error: string | null } {
  const [cache, setCache] = useState<ReadonlyMap<string, DocumentVersion>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const members = changeSet?.members;
  useEffect(() => {
    if (!members) return;
    const missing = members.filter((m) => !cache.has(versionKey(m.id, m.version)));
    if (missing.length === 0) return;
    let cancelled = false;
    Promise.all(missing.map((m) => getDocument(m.id, m.version))).then(
      (versions) => {
        if (cancelled) return;
        setError(null);
        setCache(
          (old) =>
            new Map([...old, ...versions.map((v): [string, DocumentVersion] => [versionKey(v.id, v.version), v])]),
        );
      },
      (e: unknown) => !cancelled && setError(describeApiError(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [members, cache]);
  const carried = (members ?? []).flatMap((m) => {
    const doc = cache.get(versionKey(m.id, m.version));
    return doc ? [{ id: m.id, version: m.version, author: doc.author, text: doc.text, content: doc.content }] : [];
  });
  return { carried, error };
}

export function useChangeSet(id: string) {
  const [changeSet, setChangeSet] = useState<ChangeSet | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [stale, setStale] = useState<StaleNotice | null>(null);
  const { carried, error: carriedError } = useCarriedDrafts(changeSet);

  const reload = useCallback(async () => {
    try {
      setChangeSet(await getChangeSet(id));
      setLoadError(null);
    } catch (e) {
      setLoadError(describeApiError(e));
    }
  }, [id]);

  useEffect(() => {
    setChangeSet(null);
    void reload();
  }, [reload]);

  const act = useCallback(
    async (action: ChangeSetAction): Promise<ActResult> => {
      if (!changeSet) return { ok: false, message: 'The change set has not loaded.' };
      try {
        const next = await actOnChangeSet(changeSet.id, changeSet.revision, action);
        setChangeSet(next);
        setStale(null);
        return { ok: true, changeSet: next };
      } catch (e) {
        if (e instanceof StaleChangeSetError) {
          const notice = {
            message: `Not done: “${changeSet.title}” changed since you opened it. Check the changes below, then try again.`,
            changes: describeStaleChange(changeSet, e.current),
          };
          setChangeSet(e.current);
          setStale(notice);
          return { ok: false, message: notice.message };
        }
        return { ok: false, message: describeApiError(e) };
      }
    },
    [changeSet],
  );

  return { changeSet, loadError, carried, carriedError, stale, dismissStale: () => setStale(null), act, reload };
}

export type ChangeSetHandle = ReturnType<typeof useChangeSet>;
