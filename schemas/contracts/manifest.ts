/**
 * Where published configs live and what their manifest says (docs/api.md#publishing). The config
 * service writes them (server/storage/published-config.ts) and the runtime reads them
 * (runtime/config/get-published-config.ts); both take the layout from here.
 */
import type { ConfigDocumentId, DocumentId } from '../validator/documents';

/** The URL path the service serves published files under. Manifest entries are relative to it, so a CDN path works the same. */
export const PUBLISHED_PATH = '/configs/';
export const MANIFEST_FILE = 'manifest.json';
/**
 * Raised only when the manifest's shape changes in a way an older runtime would misread; a runtime
 * refuses a format it was not built for (runtime/config/manifest-check.ts). A new optional key (such as
 * `fragments`) is not such a change: readers ignore keys they do not know.
 */
export const MANIFEST_FORMAT = 1;
/** Prerendered fragments sit in this folder beside the documents (docs/rendering.md#fragments). */
export const FRAGMENTS_FOLDER = 'fragments/';

export interface ManifestEntry {
  /** Relative to the manifest's own URL, e.g. `de-DE.0123456789abcdef.json`. */
  file: string;
  /** Content hash of the file's bytes, also in its name: a file once published never changes. */
  hash: string;
}

/** One locale's prerendered visitor chrome: a file each, so a host can include them at the top and the bottom of its page. */
export interface LocaleFragments {
  header: ManifestEntry;
  footer: ManifestEntry;
}

/** The prerendered visitor chrome (docs/rendering.md#fragments), for hosts that cannot run the runtime. */
export interface ManifestFragments {
  /** The one stylesheet every fragment needs, e.g. `fragments/shell.0123456789abcdef.css`. */
  css: ManifestEntry;
  /** Per published locale config whose markets and flags are published too. */
  locales: Partial<Record<ConfigDocumentId, LocaleFragments>>;
}

/** manifest.json: each published document's current file, and the fragments rendered from them. */
export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  documents: Partial<Record<DocumentId, ManifestEntry>>;
  /** Absent until a locale, the markets and the flags are all published; the customer runtime never reads it. */
  fragments?: ManifestFragments;
}
