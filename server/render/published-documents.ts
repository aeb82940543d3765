/**
 * The published documents as the server-rendered portal pages read them: the same files customers load
 * from /configs/ (store.readPublished), parsed once per content hash. A hash names its bytes, so a parsed
 * document is never stale; the manifest is read on every request, as customers revalidate it.
 */
import { MANIFEST_FILE, type Manifest } from '../../schemas/contracts/index';
import type { DocumentId } from '../../schemas/validator/index';
import type { DocumentStore } from '../storage/store';

export class PublishedDocuments {
  readonly #store: Pick<DocumentStore, 'readPublished'>;
  readonly #parsed = new Map<string, unknown>();

  constructor(store: Pick<DocumentStore, 'readPublished'>) {
    this.#store = store;
  }

  async manifest(): Promise<Manifest | undefined> {
    const bytes = await this.#store.readPublished(MANIFEST_FILE);
    return bytes ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as Manifest) : undefined;
  }

  /** The published document `id` names in `manifest`, or undefined when it is not published. */
  async document<T>(manifest: Manifest, id: DocumentId): Promise<T | undefined> {
    const entry = manifest.documents[id];
    if (!entry) return undefined;
    if (this.#parsed.has(entry.file)) return this.#parsed.get(entry.file) as T;
    const bytes = await this.#store.readPublished(entry.file);
    if (!bytes) return undefined;
    const value: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
    this.#parsed.set(entry.file, value);
    return value as T;
  }
}
