import { useCallback, useEffect, useState } from 'react';
import { describeApiError } from '../api/api-error';
import { getDocument, listDocumentsWithDamage } from '../api/documents-api';
import type { DocumentVersion } from '../../schemas/contracts';
import { LOCALE_CONFIG_IDS } from '../../schemas/validator';
import type { LocaleDraft, LocaleSource } from './cross-locale-model';

export interface LocaleDrafts {
  /** One entry per locale config of the registry, in its order. */
  sources: LocaleSource[];
  /** The flags draft, for the validator's cross-file checks (unknown flag ids). */
  flagsContent: unknown;
  /** The locale configs the service holds (cross-file checks: links to other configs). */
  configIds: string[];
}

export type DraftsState =
  { status: 'loading' } | { status: 'failed'; message: string } | ({ status: 'ready' } & LocaleDrafts);

const toDraft = (doc: DocumentVersion): LocaleDraft => ({
  id: doc.id,
  text: doc.text,
  etag: doc.etag,
  version: doc.version,
  content: doc.content,
});

async function loadSource(
  id: string,
  damaged: ReadonlyMap<string, string>,
  present: ReadonlySet<string>,
): Promise<LocaleSource> {
  const damage = damaged.get(id);
  if (damage) return { id, error: `the ${id} draft is damaged (${damage}); it needs a repair first` };
  if (!present.has(id))
    return { id, error: `the config service holds no ${id} document yet; create it on the dashboard` };
  try {
    return { id, draft: toDraft(await getDocument(id)) };
  } catch (error) {
    return { id, error: `the ${id} draft could not be loaded: ${describeApiError(error)}` };
  }
}

/** Every locale draft with its ETag, loaded side by side; `reload(id)` fetches one again after a save or merge. */
export function useLocaleDrafts(): { state: DraftsState; reload: (id: string) => Promise<void> } {
  const [state, setState] = useState<DraftsState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    (async () => {
      const list = await listDocumentsWithDamage();
      const damaged = new Map(list.damaged.map((d) => [d.id as string, d.problem]));
      const present = new Set<string>(list.documents.map((d) => d.id));
      const [sources, flags] = await Promise.all([
        Promise.all(LOCALE_CONFIG_IDS.map((id) => loadSource(id, damaged, present))),
        present.has('flags')
          ? getDocument('flags').then(
              (d) => d.content,
              () => undefined,
            )
          : Promise.resolve(undefined),
      ]);
      if (live)
        setState({
          status: 'ready',
          sources,
          flagsContent: flags,
          configIds: LOCALE_CONFIG_IDS.filter((id) => present.has(id)),
        });
    })().catch((error: unknown) => live && setState({ status: 'failed', message: describeApiError(error) }));
    return () => {
      live = false;
    };
  }, []);

  const reload = useCallback(async (id: string) => {
    const source: LocaleSource = await getDocument(id).then(
      (doc) => ({ id, draft: toDraft(doc) }),
      (error: unknown) => ({
        id,
        error: `the ${id} draft could not be loaded again: ${describeApiError(error)}; reload the page`,
      }),
    );
    setState((current) =>
      current.status === 'ready'
        ? { ...current, sources: current.sources.map((s) => (s.id === id ? source : s)) }
        : current,
    );
  }, []);

  return { state, reload };
}
