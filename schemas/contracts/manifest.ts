/**
 * Where published configs live and what their manifest says (docs/api.md#publishing). The config
 * service writes them (server/publish/published-config.ts) and the runtime reads them
 * (runtime/config/get-published-config.ts); both take the layout from here.
 */
import type { DocumentId } from '../validator/documents';

/** The URL path the service serves published files under. Manifest entries are relative to it, so a CDN path works the same. */
export const PUBLISHED_PATH = '/configs/';
export const MANIFEST_FILE = 'manifest.json';
/** Raised only when the manifest's shape changes; a runtime refuses a format it was not built for (runtime/config/manifest-check.ts). */
export const MANIFEST_FORMAT = 1;

export interface ManifestEntry {
  /** Relative to the manifest's own URL, e.g. `de-DE.0123456789abcdef.json`. */
  file: string;
  /** Content hash of the file's bytes, also in its name: a file once published never changes. */
  hash: string;
}

/** manifest.json: each published document's current file. */
export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  documents: Partial<Record<DocumentId, ManifestEntry>>;
}
