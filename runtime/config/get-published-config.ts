import useSWR, { preload } from 'swr';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';

/** Where published configs live; a CDN path works the same, since manifest entries are relative. */
export const CONFIG_BASE = '/configs/';

export interface Manifest {
  format: 1;
  documents: Record<string, { file: string; hash: string } | undefined>;
}

export class ConfigLoadError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ConfigLoadError';
  }
}

async function getJson<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(3000), headers: { accept: 'application/json' } });
  } catch (error) {
    throw new ConfigLoadError(`Could not reach ${url}: ${(error as Error).message}`, url);
  }
  if (!response.ok) throw new ConfigLoadError(`${url} answered ${response.status}`, url, response.status);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ConfigLoadError(`${url} did not return JSON`, url, response.status);
  }
}

export function getManifest(): Promise<Manifest> {
  return getJson<Manifest>(`${CONFIG_BASE}manifest.json`);
}

/** Loads one published document by id: manifest first, then only that document's hashed file. */
export async function getPublishedDocument<T>(id: string, manifest?: Manifest): Promise<T> {
  const m = manifest ?? (await getManifest());
  const entry = m.documents[id];
  if (!entry) throw new ConfigLoadError(`"${id}" is not published (not in manifest.json)`, `${CONFIG_BASE}manifest.json`, 404);
  const document = await getJson<T>(`${CONFIG_BASE}${entry.file}`);
  // Dev check with the one validator; import.meta.env.DEV is false in production builds, so this
  // branch and the validator (Ajv) are dropped from the customer bundle.
  if (import.meta.env.DEV) void devCheck(id, entry.file, document);
  return document;
}

async function devCheck(id: string, file: string, document: unknown): Promise<void> {
  const { formatProblem, isDocumentId, validateDocument } = await import('../../schemas/validator/index');
  if (!isDocumentId(id)) return;
  const { problems } = validateDocument({ id, file: `/configs/${file}`, text: JSON.stringify(document, null, 2) });
  if (problems.length > 0) console.error(`[portal-shell] published ${id} has ${problems.length} problem(s):\n${problems.map(formatProblem).join('\n')}`);
}

const swrOptions = { revalidateOnFocus: false, dedupingInterval: 300_000, shouldRetryOnError: false } as const;

const MANIFEST_KEY = 'config:manifest';
/** Keyed by content hash, so a document loaded once is never stale. */
const documentKey = (id: string, manifest: Manifest) => `config:${id}:${manifest.documents[id]?.hash ?? 'missing'}`;

export function useManifest() {
  return useSWR(MANIFEST_KEY, getManifest, swrOptions);
}

/** null id: do not fetch (e.g. the fallback config when the locale has its own account menu). */
export function usePublishedDocument<T extends LocaleConfig | MarketsDocument | FlagsDocument>(id: string | null) {
  const manifest = useManifest();
  return useSWR(id && manifest.data ? documentKey(id, manifest.data) : null, () => getPublishedDocument<T>(id!, manifest.data), swrOptions);
}

/**
 * Starts loading the manifest and then the given documents side by side, before any component asks for
 * them (the host calls it at startup, beside the mock worker's start). The hooks above pick the calls up
 * through SWR's preload; the keys carry the content hash, so nothing preloaded can be stale.
 * Failures are left to the hooks, which report them.
 */
export function preloadPublishedDocuments(ids: readonly string[]): void {
  const manifest = preload(MANIFEST_KEY, getManifest) as Promise<Manifest>;
  manifest.then(
    (m) => {
      for (const id of ids) if (m.documents[id]) (preload(documentKey(id, m), () => getPublishedDocument(id, m)) as Promise<unknown>).catch(() => undefined);
    },
    () => undefined,
  );
}
