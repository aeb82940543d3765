/**
 * The published documents as the server-rendered portal pages read them: the same files customers load
 * from /configs/ (store.readPublished), parsed once per content hash. A hash names its bytes, so a parsed
 * document is never stale; the manifest is read on every request, as customers revalidate it (the stores keep it in
 * memory between publications).
 */
import { LRUCache } from 'lru-cache';
import { MANIFEST_FILE, type Manifest } from '../../schemas/contracts/index';
import { DOCUMENT_IDS, type DocumentId } from '../../schemas/validator/index';
import type { DocumentStore } from '../storage/store';

/** A published document: its file (named by its hash), its text (for a render thread) and its parsed value. */
export interface PublishedDocument<T> {
  file: string;
  text: string;
  value: T;
}

export class PublishedDocuments {
  readonly #store: Pick<DocumentStore, 'readPublished'>;
  /** Two publications of every document: the current ones, and the last ones for requests still under way. */
  readonly #parsed = new LRUCache<string, PublishedDocument<unknown>>({ max: DOCUMENT_IDS.length * 2 });
  readonly #manifests = new WeakMap<Uint8Array, Manifest>();

  constructor(store: Pick<DocumentStore, 'readPublished'>) {
    this.#store = store;
  }

  async manifest(): Promise<Manifest | undefined> {
    const bytes = await this.#store.readPublished(MANIFEST_FILE);
    if (!bytes) return undefined;
    // The stores hand out the bytes they keep until the next publication (FileStore, PostgresStore): parsed once each.
    let manifest = this.#manifests.get(bytes);
    if (!manifest) this.#manifests.set(bytes, (manifest = JSON.parse(Buffer.from(bytes).toString('utf8')) as Manifest));
    return manifest;
  }

  /** The published document `id` names in `manifest`, or undefined when it is not published. */
  async document<T>(manifest: Manifest, id: DocumentId): Promise<PublishedDocument<T> | undefined> {
    const entry = manifest.documents[id];
    if (!entry) return undefined;
    const known = this.#parsed.get(entry.file);
    if (known) return known as PublishedDocument<T>;
    const bytes = await this.#store.readPublished(entry.file);
    if (!bytes) return undefined;
    const text = Buffer.from(bytes).toString('utf8');
    const document: PublishedDocument<T> = { file: entry.file, text, value: JSON.parse(text) as T };
    this.#parsed.set(entry.file, document);
    return document;
  }
}
