/**
 * The config service's use cases: list, read, save, create, restore, publish. Routes translate
 * HTTP to these calls; the seed calls publish too, so a seeded document goes out exactly like an
 * editor's.
 */
import { MANIFEST_FILE, PUBLISHED_PATH } from '../../schemas/contracts/index';
// The answers' types, as the editor reads them; `Api.` tells them apart from the store's types of the same names.
import type * as Api from '../../schemas/contracts/index';
import { DOCUMENT_IDS, documentKind, type DocumentId, type Problem } from '../../schemas/validator/index';
import { renderPublishedFile } from '../storage/published-config';
import { FragmentRenderer, publicationClock, type PublishedDocument } from '../publish/fragments';
import { ApiError } from '../http/errors';
import { etagFor } from '../http/etag';
import { KeyedMutex } from '../storage/keyed-mutex';
import { DocumentDamagedError } from '../storage/document-damage';
import type { DocumentStore, DocumentSummary, StoredVersion, VersionAction, VersionInfo, VersionSelector } from '../storage/store';
import { DocumentValidator, parseOrUndefined } from './validation';
import type { DraftInput } from './validation-thread';

/** Who writes a version and why; the route takes the author from the session. */
export interface WriteRequest {
  author: string;
  message: string;
}

export class DocumentService {
  readonly #store: DocumentStore;
  readonly #validator: DocumentValidator;
  /**
   * Publications run one at a time: each is checked against the others' published versions, so
   * two at once (say flags dropping a flag while de-DE starts using it) could each pass alone.
   */
  readonly #publishing = new KeyedMutex();
  #listCache: { key: string; validity: Map<DocumentId, number> } | undefined;
  readonly #fragments = new FragmentRenderer();

  constructor(store: DocumentStore) {
    this.#store = store;
    this.#validator = new DocumentValidator(store);
  }

  async list(): Promise<Api.DocumentList> {
    const listed = await this.#store.list();
    const validity = await this.#draftProblemCounts(listed);
    // Asked after the drafts were read: reading one may have found it damaged.
    const damaged = (await this.#store.health()).damaged;
    const summaries = listed.filter((s) => !damaged.some((d) => d.id === s.id));
    const documents = summaries.map((s): Api.DocumentSummary => {
      const problemCount = validity.get(s.id) ?? 0;
      const published = s.published;
      return {
        id: s.id,
        kind: documentKind(s.id),
        valid: problemCount === 0,
        problemCount,
        draft: versionBody(s.draft),
        published: published
          ? { version: published.version, etag: etagFor(published.version), hash: published.hash, url: publishedUrl(published.file), publishedBy: published.author, publishedAt: published.time }
          : null,
        hasUnpublishedChanges: published?.version !== s.draft.version,
        lastEditor: s.draft.author,
        lastEdited: s.draft.time,
        versionCount: s.versionCount,
      };
    });
    return { documents, damaged: damaged.map((d) => ({ ...d, kind: documentKind(d.id) })) };
  }

  async read(id: DocumentId, which: VersionSelector): Promise<Api.DocumentVersion> {
    const summary = await this.#summary(id);
    const stored = await this.#store.read(id, which);
    if (!stored) {
      if (which === 'published') throw new ApiError(404, 'not-published', `${id} has never been published`, 'GET ?version=draft for the working copy');
      throw new ApiError(404, 'version-not-found', `${id} has no version ${String(which)}`, `versions run from 1 to ${summary.versionCount}`);
    }
    return documentBody(stored, summary);
  }

  async history(id: DocumentId): Promise<Api.DocumentHistory> {
    const history = await this.#store.history(id);
    if (!history) throw notFound(id);
    const publishedVersion = history.publications.at(-1)?.version ?? null;
    return {
      id,
      draftVersion: history.draftVersion,
      publishedVersion,
      // Newest first: what a history panel shows at the top.
      versions: history.versions.map((v) => ({ ...versionBody(v), isDraft: v.version === history.draftVersion, isPublished: v.version === publishedVersion })).reverse(),
      publications: history.publications.map((p) => ({ version: p.version, hash: p.hash, url: publishedUrl(p.file), author: p.author, time: p.time })).reverse(),
    };
  }

  /** Saves `content` as the new draft, provided the draft is one of `ifMatch`. */
  async save(id: DocumentId, content: unknown, ifMatch: number[], request: WriteRequest): Promise<Api.VersionMeta> {
    const summary = await this.#summary(id);
    const expected = await this.#expectDraft(id, summary, ifMatch);
    return this.#commit(id, { content }, expected, { ...request, action: 'save' });
  }

  /** Creates a known document the store does not hold yet (PUT with If-None-Match: *). */
  async create(id: DocumentId, content: unknown, request: WriteRequest): Promise<Api.VersionMeta> {
    return this.#commit(id, { content }, null, { ...request, action: 'create' });
  }

  /** Copies version `from` into a new draft; it is validated like a save, since the other documents may have moved on. */
  async restore(id: DocumentId, from: number, ifMatch: number[], request: WriteRequest): Promise<Api.VersionMeta> {
    const summary = await this.#summary(id);
    const source = await this.#store.read(id, from);
    if (!source) throw new ApiError(404, 'version-not-found', `${id} has no version ${from}`, `versions run from 1 to ${summary.versionCount}`);
    const expected = await this.#expectDraft(id, summary, ifMatch);
    return this.#commit(id, { text: source.text }, expected, { author: request.author, message: request.message || `Restored version ${from}`, action: 'restore', restoredFrom: from });
  }

  /**
   * `fragments: false` leaves the prerendered fragments as they are, for a caller that publishes several
   * documents and then calls refreshFragments once (the seeding at start).
   */
  publish(id: DocumentId, ifMatch: number[], author: string, options: { fragments?: boolean } = {}): Promise<Api.PublishResult> {
    return this.#publishing.run('publish', () => this.#publish(id, ifMatch, author, options.fragments ?? true));
  }

  async #publish(id: DocumentId, ifMatch: number[], author: string, fragments: boolean): Promise<Api.PublishResult> {
    const summary = await this.#summary(id);
    const expected = await this.#expectDraft(id, summary, ifMatch);
    const draft = (await this.#store.read(id, expected))!;
    const { result, problems } = await this.#validator.publishProblems(id, draft.text);
    if (problems.length > 0) throw invalid(id, problems, 'nothing was published; fix the draft (or the documents named in the problems) and publish again');
    const file = renderPublishedFile(id, result.value);
    const outcome = await this.#store.publish(id, { version: expected, bytes: file.bytes, hash: file.hash, file: file.file, author }, expected);
    if (!outcome.ok) throw outcome.reason === 'not-found' ? notFound(id) : await this.#stale(id, outcome.current);
    if (fragments) await this.#refreshFragments();
    const p = outcome.publication;
    return { id, version: p.version, etag: etagFor(p.version), hash: p.hash, url: publishedUrl(p.file), manifest: publishedUrl(MANIFEST_FILE), author: p.author, time: p.time, unchanged: outcome.unchanged };
  }

  /**
   * Renders the prerendered fragments of what is published now and points the manifest at them
   * (docs/rendering.md#fragments); the start calls it too, after seeding, so a new release's markup reaches
   * them. Never rejects. Returns the files written: none when nothing they are rendered from changed.
   */
  refreshFragments(): Promise<string[]> {
    return this.#publishing.run('publish', () => this.#refreshFragments());
  }

  /**
   * The documents are published by then, so a fragment that cannot be rendered does not undo or fail the
   * publication: the manifest keeps listing the others, and the log says which locale and why.
   */
  async #refreshFragments(): Promise<string[]> {
    try {
      const documents = new Map<DocumentId, PublishedDocument>();
      const damaged = new Set((await this.#store.health()).damaged.map((d) => d.id));
      for (const id of DOCUMENT_IDS) {
        const published = damaged.has(id) ? undefined : (await this.#store.summary(id))?.published;
        const bytes = published && (await this.#store.readPublished(published.file));
        if (published && bytes) documents.set(id, { hash: published.hash, value: JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown });
      }
      const rendered = await this.#fragments.render(documents, publicationClock(new Date()), (id, error) => {
        console.error(`config service: the ${id} fragments could not be rendered, so the manifest lists none for ${id} until a later publication renders them: ${String(error)}`);
      });
      return rendered ? await this.#store.publishFragments(rendered.files, rendered.section) : [];
    } catch (error) {
      console.error(`config service: the prerendered fragments were not updated (the documents are published): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return [];
    }
  }

  async #commit(id: DocumentId, draft: DraftInput, expected: number | null, change: WriteRequest & { action: VersionAction; restoredFrom?: number }): Promise<Api.VersionMeta> {
    const { validated, text } = await this.#validator.validateDraft(id, draft);
    if (validated.problems.length > 0 || text === undefined) throw invalid(id, validated.problems, 'nothing was saved; fix the problems and save again', validated.problemCount);
    const outcome = await this.#store.commitDraft(id, { text, ...change }, expected);
    if (outcome.ok) return versionBody(outcome.version);
    if (outcome.reason === 'not-found') throw notFound(id);
    if (outcome.reason === 'exists')
      throw new ApiError(409, 'document-exists', `${id} already exists`, 'save with If-Match and the current ETag instead of If-None-Match: *', { fields: { current: documentBody(outcome.current, await this.#summary(id)) } });
    throw await this.#stale(id, outcome.current);
  }

  /** Cheap early 412, before validation; the store repeats the check under its lock. */
  async #expectDraft(id: DocumentId, summary: DocumentSummary, ifMatch: number[]): Promise<number> {
    if (ifMatch.includes(summary.draft.version)) return summary.draft.version;
    throw await this.#stale(id, (await this.#store.read(id, 'draft'))!);
  }

  /** 412 with the draft as it is now, so the editor can offer a three-way merge without another request. */
  async #stale(id: DocumentId, current: StoredVersion): Promise<ApiError> {
    return new ApiError(
      412,
      'stale-version',
      `${id} changed since you read it: the draft is now version ${current.version}, saved by ${current.author}`,
      'merge your change into `current` (the draft now, with its ETag) and send it again with that ETag',
      { fields: { current: documentBody(current, await this.#summary(id)) } },
    );
  }

  async #summary(id: DocumentId): Promise<DocumentSummary> {
    const summary = await this.#store.summary(id);
    if (!summary) throw notFound(id);
    return summary;
  }

  /** Problems per draft, recomputed only when some draft changed (every draft can affect the others). */
  async #draftProblemCounts(summaries: DocumentSummary[]): Promise<Map<DocumentId, number>> {
    const key = summaries.map((s) => `${s.id}@${s.draft.version}`).join(',');
    if (this.#listCache?.key === key) return this.#listCache.validity;
    const validity = new Map<DocumentId, number>();
    let complete = true;
    for (const s of summaries) {
      let draft: StoredVersion | undefined;
      try {
        draft = await this.#store.read(s.id, s.draft.version);
      } catch (error) {
        if (!(error instanceof DocumentDamagedError)) throw error;
        complete = false;
        continue;
      }
      if (draft) validity.set(s.id, (await this.#validator.validateDraft(s.id, { text: draft.text })).validated.problems.length);
    }
    if (complete) this.#listCache = { key, validity };
    return validity;
  }
}

export function versionBody(v: VersionInfo): Api.VersionMeta {
  return {
    version: v.version,
    etag: etagFor(v.version),
    author: v.author,
    time: v.time,
    message: v.message,
    action: v.action,
    ...(v.restoredFrom !== undefined ? { restoredFrom: v.restoredFrom } : {}),
  };
}

export function documentBody(stored: StoredVersion, summary: DocumentSummary): Api.DocumentVersion {
  const parsed = parseOrUndefined(stored.text);
  return {
    id: stored.id,
    kind: documentKind(stored.id),
    ...versionBody(stored),
    isDraft: stored.version === summary.draft.version,
    isPublished: stored.version === summary.published?.version,
    text: stored.text,
    content: parsed === undefined ? null : parsed,
  };
}

function notFound(id: DocumentId): ApiError {
  return new ApiError(404, 'document-not-found', `${id} is a known document but the store holds no copy of it`, 'create it with PUT and If-None-Match: *');
}

/** `total` counts every problem found; `problems` lists at most the validator's first hundred. */
function invalid(id: DocumentId, problems: Problem[], hint: string, total = problems.length): ApiError {
  return new ApiError(422, 'invalid-document', `${id} has ${total} problem${total === 1 ? '' : 's'}`, hint, { problems });
}

/** Where the service serves a published file (server/routes/published-routes.ts). */
function publishedUrl(file: string): string {
  return `${PUBLISHED_PATH}${file}`;
}
