/**
 * The search's index of every document's draft (docs/editor-search.md#search-freshness): drafts are fetched once and kept
 * per version; each refresh asks the list which versions are current and fetches only the drafts that changed, and
 * indexes each one as it arrives, so results grow while the rest load. The open document's edits, saved or not,
 * replace its server draft.
 */
import { DOCUMENT_IDS } from '../../schemas/validator/documents';
import type { DocumentId, DocumentSummary, DocumentVersion } from '../../schemas/contracts';
import { indexDocument, type SearchEntry } from './search-entries';

export interface DraftSource {
  listDocuments(): Promise<DocumentSummary[]>;
  getDocument(id: DocumentId, version: 'draft'): Promise<DocumentVersion>;
}

export interface IndexState {
  /** Entries per document, in DOCUMENT_IDS order. */
  documents: ReadonlyMap<DocumentId, readonly SearchEntry[]>;
  /** Documents whose entries come from the open editor rather than the server. */
  fromEditor: DocumentId | null;
  /** Documents listed but not indexed yet. */
  loading: number;
  /** What could not be loaded, one line each; the rest is searched as usual. */
  errors: string[];
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class DraftIndex {
  private readonly cached = new Map<DocumentId, { version: number; entries: SearchEntry[] }>();
  private editor: { id: DocumentId; entries: SearchEntry[] } | null = null;
  private loading = 0;
  private errors: string[] = [];
  private state: IndexState = { documents: new Map(), fromEditor: null, loading: 0, errors: [] };
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;

  constructor(private readonly source: DraftSource) {}

  getState = (): IndexState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Searches `value` in place of the document's server draft (the open document's edits); null stops it. */
  useEditorDraft(id: DocumentId | null, value?: unknown): void {
    this.editor = id === null || value === undefined ? null : { id, entries: indexDocument(id, value) };
    this.publish();
  }

  /** Brings every draft up to date; concurrent calls share one run. */
  refresh(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    let list: DocumentSummary[];
    try {
      list = await this.source.listDocuments();
    } catch (error) {
      this.errors = [
        `Could not check the documents for changes (${message(error)}); searching the drafts loaded before.`,
      ];
      this.publish();
      return;
    }
    this.errors = [];
    const listed = new Set(list.map((doc) => doc.id));
    for (const id of this.cached.keys()) if (!listed.has(id)) this.cached.delete(id);
    const stale = list.filter((doc) => this.cached.get(doc.id)?.version !== doc.draft.version);
    this.loading = stale.length;
    this.publish();
    await Promise.all(
      stale.map(async (doc) => {
        try {
          const draft = await this.source.getDocument(doc.id, 'draft');
          this.cached.set(doc.id, { version: draft.version, entries: indexDocument(doc.id, draft.content) });
        } catch (error) {
          this.errors = [...this.errors, `${doc.id} could not be loaded and is not searched: ${message(error)}`];
        }
        this.loading--;
        this.publish();
      }),
    );
  }

  private publish(): void {
    const documents = new Map<DocumentId, readonly SearchEntry[]>();
    for (const id of DOCUMENT_IDS) {
      const entries = this.editor?.id === id ? this.editor.entries : this.cached.get(id)?.entries;
      if (entries) documents.set(id, entries);
    }
    this.state = { documents, fromEditor: this.editor?.id ?? null, loading: this.loading, errors: this.errors };
    this.listeners.forEach((listener) => listener());
  }
}
