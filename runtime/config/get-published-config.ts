import useSWR, { preload } from 'swr';
import { MANIFEST_FILE, PUBLISHED_PATH, type Manifest } from '../../schemas/contracts';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import { documentKind, type DocumentId } from '../../schemas/validator/documents';
import { ConfigLoadError, kindLabel, type ConfigDocumentName } from './config-load-error';
import { findManifestProblem } from './manifest-check';
import { findShapeProblem, type ShapeProblem } from './shape-check';

export { ConfigLoadError } from './config-load-error';

/** One request for a published file; the screen's own deadline (CONFIG_DEADLINE_MS) covers the whole chain. */
export const CONFIG_REQUEST_TIMEOUT_MS = 3000;

/**
 * How long a screen waits for every document it needs (manifest, locale config, markets, flags) before it
 * shows the fallback chrome instead of the loading state (docs/architecture.md#fallback-chrome).
 */
export const CONFIG_DEADLINE_MS = 5000;

async function getJson(document: ConfigDocumentName, url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(CONFIG_REQUEST_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    if ((error as Error).name === 'TimeoutError')
      throw new ConfigLoadError(document, url, 'timeout', `did not answer within ${CONFIG_REQUEST_TIMEOUT_MS} ms`);
    throw new ConfigLoadError(document, url, 'unreachable', `could not be reached: ${(error as Error).message}`);
  }
  if (!response.ok)
    throw new ConfigLoadError(document, url, 'http-status', `answered ${response.status}`, response.status);
  try {
    return await response.json();
  } catch {
    throw new ConfigLoadError(document, url, 'not-json', 'is not JSON', response.status);
  }
}

function wrongShape(document: ConfigDocumentName, url: string, problem: ShapeProblem): ConfigLoadError {
  return new ConfigLoadError(document, url, 'wrong-shape', `is not a valid ${kindLabel(document)}: ${problem.message}`);
}

/** The config service's own manifest; an embedding host may name another (a CDN copy, another origin). */
export const MANIFEST_URL = `${PUBLISHED_PATH}${MANIFEST_FILE}`;

/** Manifest entries are relative to the manifest's own URL (schemas/contracts/manifest.ts): its folder, without a base to resolve against (Node has none). */
const folderOf = (manifestUrl: string) => manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);

export async function getManifest(manifestUrl: string = MANIFEST_URL): Promise<Manifest> {
  const manifest = await getJson('manifest', manifestUrl);
  const problem = findManifestProblem(manifest);
  if (problem) throw wrongShape('manifest', manifestUrl, problem);
  return manifest as Manifest;
}

/** Loads one published document by id: manifest first, then only that document's hashed file. */
export async function getPublishedDocument<T>(
  id: DocumentId,
  manifest?: Manifest,
  manifestUrl: string = MANIFEST_URL,
): Promise<T> {
  const m = manifest ?? (await getManifest(manifestUrl));
  const entry = m.documents[id];
  if (!entry)
    throw new ConfigLoadError(id, manifestUrl, 'not-published', 'is not published: the manifest does not list it');
  const url = `${folderOf(manifestUrl)}${entry.file}`;
  const document = await getJson(id, url);
  // The shape the code was compiled against, before anything renders it (shape-check.ts).
  const problem = findShapeProblem(documentKind(id), document);
  if (problem) throw wrongShape(id, url, problem);
  // Dev check with the one validator; import.meta.env.DEV is false in production builds, so this
  // branch and the validator (Ajv) are dropped from the customer bundle.
  if (import.meta.env.DEV) void devCheck(id, entry.file, document);
  return document as T;
}

async function devCheck(id: string, file: string, document: unknown): Promise<void> {
  const { formatProblem, isDocumentId, validateDocument } = await import('../../schemas/validator/index');
  if (!isDocumentId(id)) return;
  const { problems } = validateDocument({
    id,
    file: `${PUBLISHED_PATH}${file}`,
    text: JSON.stringify(document, null, 2),
  });
  if (problems.length > 0)
    console.error(
      `[portal-shell] published ${id} has ${problems.length} problem(s):\n${problems.map(formatProblem).join('\n')}`,
    );
}

const swrOptions = { revalidateOnFocus: false, dedupingInterval: 300_000, shouldRetryOnError: false } as const;

const MANIFEST_KEY = 'config:manifest';
/** One key per manifest URL, so every component asking for the same manifest shares one request (SWR dedupes by key). */
const manifestKey = (manifestUrl: string) =>
  manifestUrl === MANIFEST_URL ? MANIFEST_KEY : `${MANIFEST_KEY}:${manifestUrl}`;
/** Keyed by content hash, so a document loaded once is never stale. */
const documentKey = (id: DocumentId, manifest: Manifest) => `config:${id}:${manifest.documents[id]?.hash ?? 'missing'}`;

/** null: do not fetch (every document the caller needs is already at hand). */
export function useManifest(manifestUrl: string | null = MANIFEST_URL) {
  return useSWR(manifestUrl === null ? null : manifestKey(manifestUrl), () => getManifest(manifestUrl!), swrOptions);
}

/**
 * null id: do not fetch (e.g. the fallback config when the locale has its own account menu).
 * A manifest that failed is this document's error too: without it the document is never asked for.
 */
export function usePublishedDocument<T extends LocaleConfig | MarketsDocument | FlagsDocument>(
  id: DocumentId | null,
  manifestUrl: string = MANIFEST_URL,
): { data?: T; error?: unknown } {
  const manifest = useManifest(id ? manifestUrl : null);
  const document = useSWR(
    id && manifest.data ? documentKey(id, manifest.data) : null,
    () => getPublishedDocument<T>(id!, manifest.data, manifestUrl),
    swrOptions,
  );
  if (id && manifest.error) return { error: manifest.error };
  return { data: document.data, error: document.error };
}

/**
 * Starts loading the manifest and then the given documents side by side, before any component asks for
 * them (the host calls it at startup, beside the mock worker's start). The hooks above pick the calls up
 * through SWR's preload; the keys carry the content hash, so nothing preloaded can be stale.
 * Failures are left to the hooks, which report them.
 */
export function preloadPublishedDocuments(ids: readonly DocumentId[]): void {
  const manifest = preload(MANIFEST_KEY, () => getManifest()) as Promise<Manifest>;
  manifest.then(
    (m) => {
      for (const id of ids)
        if (m.documents[id])
          (preload(documentKey(id, m), () => getPublishedDocument(id, m)) as Promise<unknown>).catch(() => undefined);
    },
    () => undefined,
  );
}
