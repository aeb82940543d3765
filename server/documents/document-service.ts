/**
 * The config service's use cases: list, read, save, create, restore, publish. Routes translate
 * HTTP to these calls; the seed calls publish too, so a seeded document goes out exactly like an
 * editor's.
 */
import { MANIFEST_FILE, PUBLISHED_PATH } from '../../schemas/contracts/index';
// The answers' types, as the editor reads them; `Api.` tells them apart from the store's types of the same names.
import type * as Api from '../../schemas/contracts/index';
import {
  DOCUMENT_IDS,
  documentKind,
  MAX_LISTED_PROBLEMS,
  type DocumentId,
  type Problem,
} from '../../schemas/validator/index';
import { renderPublishedFile, type PublishedFile } from '../storage/published-config';
import { FragmentRenderer, publicationClock, type PublishedDocument } from '../publish/fragments';
import { ApiError } from '../http/errors';
import { etagFor } from '../http/etag';
import { KeyedMutex } from '../storage/keyed-mutex';
import { DocumentDamagedError } from '../storage/document-damage';
import type {
  BatchEntry,
  DocumentStore,
  DocumentSummary,
  PublicationInfo,
  StoredVersion,
  VersionAction,
  VersionInfo,
  VersionSelector,
} from '../storage/store';
import { TurnGate, type TurnRequest } from './turn-gate';
import { DocumentValidator, parseOrUndefined } from './validation';
import type { DraftInput } from './validation-thread';

/** A document of a batch publication, and the draft version to publish (a change set member). */
export interface BatchMember {
  id: DocumentId;
  version: number;
}

export interface BatchPublishOptions {
  /** The change set record written in the same commit, provided its revision is still `expectedRevision`. */
  changeSet?: { next: Api.ChangeSet; expectedRevision: number };
  /** Recorded on every publication of the batch (docs/workflow.md#approval). */
  approvedBy?: string;
  /** false leaves the prerendered fragments for the caller to refresh (as publish's option). */
  fragments?: boolean;
}

/** Who writes a version and why; the route takes the author from the session. */
export interface WriteRequest {
  author: string;
  message: string;
  /** The writer's Write-Ticket and whether it is still there (docs/api.md#write-turns). */
  turn?: TurnRequest;
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
  readonly #turns: TurnGate;

  constructor(store: DocumentStore) {
    this.#store = store;
    this.#turns = new TurnGate(store.turns);
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
          ? {
              version: published.version,
              etag: etagFor(published.version),
              hash: published.hash,
              url: publishedUrl(published.file),
              publishedBy: published.author,
              publishedAt: published.time,
            }
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
      if (which === 'published')
        throw new ApiError(
          404,
          'not-published',
          `${id} has never been published`,
          'GET ?version=draft for the working copy',
        );
      throw new ApiError(
        404,
        'version-not-found',
        `${id} has no version ${String(which)}`,
        `versions run from 1 to ${summary.versionCount}`,
      );
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
      versions: history.versions
        .map((v) => ({
          ...versionBody(v),
          isDraft: v.version === history.draftVersion,
          isPublished: v.version === publishedVersion,
        }))
        .reverse(),
      publications: history.publications
        .map((p) => ({
          version: p.version,
          hash: p.hash,
          url: publishedUrl(p.file),
          author: p.author,
          time: p.time,
          ...(p.changeSet !== undefined ? { changeSet: p.changeSet } : {}),
          ...(p.approvedBy !== undefined ? { approvedBy: p.approvedBy } : {}),
        }))
        .reverse(),
    };
  }

  /** Saves `content` as the new draft, provided the draft is one of `ifMatch`. */
  save(id: DocumentId, content: unknown, ifMatch: number[], request: WriteRequest): Promise<Api.VersionMeta> {
    return this.#turns.run(id, request.turn ?? {}, async () => {
      const summary = await this.#summary(id);
      const expected = await this.#expectDraft(id, summary, ifMatch);
      return this.#commit(id, { content }, expected, {
        author: request.author,
        message: request.message,
        action: 'save',
      });
    });
  }

  /** Creates a known document the store does not hold yet (PUT with If-None-Match: *). */
  async create(id: DocumentId, content: unknown, request: WriteRequest): Promise<Api.VersionMeta> {
    return this.#commit(id, { content }, null, { author: request.author, message: request.message, action: 'create' });
  }

  /** Copies version `from` into a new draft; it is validated like a save, since the other documents may have moved on. */
  restore(id: DocumentId, from: number, ifMatch: number[], request: WriteRequest): Promise<Api.VersionMeta> {
    return this.#turns.run(id, request.turn ?? {}, async () => {
      const summary = await this.#summary(id);
      const source = await this.#store.read(id, from);
      if (!source)
        throw new ApiError(
          404,
          'version-not-found',
          `${id} has no version ${from}`,
          `versions run from 1 to ${summary.versionCount}`,
        );
      const expected = await this.#expectDraft(id, summary, ifMatch);
      return this.#commit(id, { text: source.text }, expected, {
        author: request.author,
        message: request.message || `Restored version ${from}`,
        action: 'restore',
        restoredFrom: from,
      });
    });
  }

  /**
   * `fragments: false` leaves the prerendered fragments as they are, for a caller that publishes several
   * documents and then calls refreshFragments once (the seeding at start).
   */
  publish(
    id: DocumentId,
    ifMatch: number[],
    author: string,
    options: { fragments?: boolean } = {},
  ): Promise<Api.PublishResult> {
    return this.#publishing.run('publish', () => this.#publish(id, ifMatch, author, options.fragments ?? true));
  }

  async #publish(id: DocumentId, ifMatch: number[], author: string, fragments: boolean): Promise<Api.PublishResult> {
    const summary = await this.#summary(id);
    const expected = await this.#expectDraft(id, summary, ifMatch);
    const draft = (await this.#store.read(id, expected))!;
    const { result, problems } = await this.#validator.publishProblems(id, draft.text);
    if (problems.length > 0)
      throw invalid(
        id,
        problems,
        'nothing was published; fix the draft (or the documents named in the problems) and publish again',
      );
    const file = renderPublishedFile(id, result.value);
    const outcome = await this.#store.publish(
      id,
      { version: expected, bytes: file.bytes, hash: file.hash, file: file.file, author },
      expected,
    );
    if (!outcome.ok) throw outcome.reason === 'not-found' ? notFound(id) : await this.#stale(id, outcome.current);
    if (fragments) await this.#refreshFragments();
    return publishBody(id, outcome.publication, outcome.unchanged);
  }

  /**
   * Publishes every member's draft at its `version` as one (docs/workflow.md#change-sets): each is validated as
   * it will go out, against the other members' new versions and the other documents' published ones; then the
   * store switches them and the manifest together. On any error nothing is published: 422 invalid-document
   * naming the documents, 412 draft-changed when a member's draft is no longer `version`, 412 stale-change-set
   * when the record moved on, 404 when a member is gone. Results come in the members' order.
   */
  publishBatch(
    members: readonly BatchMember[],
    author: string,
    options: BatchPublishOptions = {},
  ): Promise<Api.PublishResult[]> {
    return this.#publishing.run('publish', () => this.#publishBatch(members, author, options));
  }

  async #publishBatch(
    members: readonly BatchMember[],
    author: string,
    options: BatchPublishOptions,
  ): Promise<Api.PublishResult[]> {
    if (members.length === 0)
      throw new ApiError(
        400,
        'bad-request',
        'nothing to publish: the batch names no document',
        'add documents to the change set first',
      );
    const twice = members.find((m, i) => members.findIndex((o) => o.id === m.id) !== i);
    if (twice)
      throw new ApiError(
        400,
        'bad-request',
        `${twice.id} is named twice in the batch`,
        'name each document once, with the version to publish',
      );
    const texts = new Map<DocumentId, string>();
    for (const member of members) {
      const summary = await this.#summary(member.id);
      const draft =
        summary.draft.version === member.version ? await this.#store.read(member.id, member.version) : undefined;
      if (!draft) throw await this.#draftChanged(member, (await this.#store.read(member.id, 'draft'))!);
      texts.set(member.id, draft.text);
    }

    const files = new Map<DocumentId, PublishedFile>();
    const problems: Problem[] = [];
    const failing: string[] = [];
    for (const member of members) {
      const checked = await this.#validator.publishProblems(member.id, texts.get(member.id)!, texts);
      if (checked.problems.length === 0) files.set(member.id, renderPublishedFile(member.id, checked.result.value));
      else {
        problems.push(...checked.problems);
        failing.push(`${member.id} (${checked.problems.length})`);
      }
    }
    if (problems.length > 0) {
      const hint = 'nothing was published; fix the drafts (or the documents named in the problems) and publish again';
      if (members.length === 1) throw invalid(members[0]!.id, problems, hint);
      throw new ApiError(
        422,
        'invalid-document',
        `${failing.join(', ')} cannot be published: ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
        hint,
        {
          problems: problems.slice(0, MAX_LISTED_PROBLEMS),
        },
      );
    }

    const changeSet = options.changeSet?.next.id;
    const entries: BatchEntry[] = members.map(({ id, version }) => {
      const file = files.get(id)!;
      return {
        id,
        expectedDraft: version,
        publication: {
          version,
          ...(changeSet !== undefined ? { changeSet } : {}),
          ...(options.approvedBy !== undefined ? { approvedBy: options.approvedBy } : {}),
          bytes: file.bytes,
          hash: file.hash,
          file: file.file,
          author,
        },
      };
    });
    const outcome = await this.#store.publishBatch(entries, options.changeSet);
    if (!outcome.ok) {
      if (outcome.reason === 'not-found') throw notFound(outcome.id);
      if (outcome.reason === 'stale')
        throw await this.#draftChanged(
          members.find((m) => m.id === outcome.id)!,
          outcome.current,
        );
      throw new ApiError(
        412,
        'stale-change-set',
        `change set ${outcome.current.id} changed while it was being published (now revision ${outcome.current.revision})`,
        'nothing was published; read the change set again and publish it again',
        {
          fields: { changeSet: outcome.current },
        },
      );
    }
    if (options.fragments ?? true) await this.#refreshFragments();
    return outcome.publications.map((p) => publishBody(p.id, p.publication, p.unchanged));
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
        if (published && bytes)
          documents.set(id, {
            hash: published.hash,
            value: JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown,
          });
      }
      const rendered = await this.#fragments.render(documents, publicationClock(new Date()), (id, error) => {
        console.error(
          `config service: the ${id} fragments could not be rendered, so the manifest lists none for ${id} until a later publication renders them: ${String(error)}`,
        );
      });
      return rendered ? await this.#store.publishFragments(rendered.files, rendered.section) : [];
    } catch (error) {
      console.error(
        `config service: the prerendered fragments were not updated (the documents are published): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return [];
    }
  }

  async #commit(
    id: DocumentId,
    draft: DraftInput,
    expected: number | null,
    change: Omit<WriteRequest, 'turn'> & { action: VersionAction; restoredFrom?: number },
  ): Promise<Api.VersionMeta> {
    const { validated, text } = await this.#validator.validateDraft(id, draft);
    if (validated.problems.length > 0 || text === undefined)
      throw invalid(
        id,
        validated.problems,
        'nothing was saved; fix the problems and save again',
        validated.problemCount,
      );
    const outcome = await this.#store.commitDraft(id, { text, ...change }, expected);
    if (outcome.ok) return versionBody(outcome.version);
    if (outcome.reason === 'not-found') throw notFound(id);
    if (outcome.reason === 'exists')
      throw new ApiError(
        409,
        'document-exists',
        `${id} already exists`,
        'save with If-Match and the current ETag instead of If-None-Match: *',
        { fields: { current: documentBody(outcome.current, await this.#summary(id)) } },
      );
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

  /** 412 draft-changed: a batch carries a version of `member` that is no longer its draft. */
  async #draftChanged(member: BatchMember, current: StoredVersion): Promise<ApiError> {
    return new ApiError(
      412,
      'draft-changed',
      `${member.id} changed since version ${member.version} was chosen for publication: the draft is now version ${current.version}, saved by ${current.author}`,
      'nothing was published; review the new draft, take it into the change set (it needs approval again) and publish again',
      { fields: { current: documentBody(current, await this.#summary(member.id)) } },
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
      if (draft)
        validity.set(s.id, (await this.#validator.validateDraft(s.id, { text: draft.text })).validated.problems.length);
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

/** What a publish answers for one document. */
function publishBody(id: DocumentId, p: PublicationInfo, unchanged: boolean): Api.PublishResult {
  return {
    id,
    version: p.version,
    etag: etagFor(p.version),
    hash: p.hash,
    url: publishedUrl(p.file),
    manifest: publishedUrl(MANIFEST_FILE),
    author: p.author,
    time: p.time,
    unchanged,
  };
}

function notFound(id: DocumentId): ApiError {
  return new ApiError(
    404,
    'document-not-found',
    `${id} is a known document but the store holds no copy of it`,
    'create it with PUT and If-None-Match: *',
  );
}

/** `total` counts every problem found; `problems` lists at most the validator's first hundred. */
function invalid(id: DocumentId, problems: Problem[], hint: string, total = problems.length): ApiError {
  return new ApiError(422, 'invalid-document', `${id} has ${total} problem${total === 1 ? '' : 's'}`, hint, {
    problems,
  });
}

/** Where the service serves a published file (server/routes/published-routes.ts). */
function publishedUrl(file: string): string {
  return `${PUBLISHED_PATH}${file}`;
}
