/**
 * Change sets (docs/workflow.md#change-sets): create, list, read, act on them, keep their members in step with
 * saves, and publish them as one through DocumentService.publishBatch. The rules are change-set-rules.ts; this
 * gathers their facts, writes what they return (compare-and-set on the record's revision) and tells listeners
 * (the scheduler) that something changed.
 *
 * "A document is in one unpublished set at a time" is checked here first, for the answer's sake, and held by the
 * store (writeChangeSet refuses a set that would take on a document another one holds, server/storage/
 * change-set-holds.ts), so it holds across every instance on one database. This instance's writes run through
 * one queue, so they do not make each other's compare-and-set stale.
 */
import { randomBytes } from 'node:crypto';
import type {
  ChangeSet,
  ChangeSetAction,
  ChangeSetList,
  ChangeSetMember,
  ChangeSetSchedule,
  PublishResult,
} from '../../schemas/contracts/index';
import type { DocumentId } from '../../schemas/validator/index';
import { ApiError } from '../http/errors';
import { isOpen } from '../storage/change-set-holds';
import { KeyedMutex } from '../storage/keyed-mutex';
import type { DocumentStore } from '../storage/store';
import {
  applyAction,
  assertAllowed,
  documentInChangeSet,
  newChangeSet,
  publishFailed,
  published,
  scheduleFailed,
  syncMembers,
  type Actor,
  type DraftFact,
  type VersionWrite,
} from './change-set-rules';

/** How often a scheduled publication reads the set again after another instance changed it under it. */
const STALE_ATTEMPTS = 5;

/** DocumentService's atomic publication of several documents, as this service uses it. */
export interface BatchPublisher {
  publishBatch(
    members: readonly ChangeSetMember[],
    author: string,
    options: { changeSet?: { next: ChangeSet; expectedRevision: number }; approvedBy?: string },
  ): Promise<PublishResult[]>;
}

export interface ChangeSetServiceOptions {
  requireApproval: boolean;
  /** Test seam: the clock. */
  now?: () => Date;
}

const QUEUE = 'change-sets';
/** The ids' alphabet: RFC 4648 base 32, lower case. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

export class ChangeSetService {
  readonly requireApproval: boolean;
  readonly #store: DocumentStore;
  readonly #documents: BatchPublisher;
  readonly #now: () => Date;
  readonly #queue = new KeyedMutex();
  readonly #listeners = new Set<() => void>();

  constructor(store: DocumentStore, documents: BatchPublisher, options: ChangeSetServiceOptions) {
    this.#store = store;
    this.#documents = documents;
    this.requireApproval = options.requireApproval;
    this.#now = options.now ?? (() => new Date());
  }

  /** Called after every write this service makes (the scheduler re-reads the schedules). */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Runs `work` in this service's write queue (share links write the record too, server/workflow/share-service.ts). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.#queue.run(QUEUE, work);
  }

  async list(): Promise<ChangeSetList> {
    return { changeSets: await this.#store.listChangeSets(), requireApproval: this.requireApproval };
  }

  async get(id: string): Promise<ChangeSet> {
    const set = await this.#store.readChangeSet(id);
    if (!set) throw notFound(id);
    return set;
  }

  async create(title: string, documents: readonly DocumentId[], actor: Actor): Promise<ChangeSet> {
    if (actor.role !== 'editor')
      throw new ApiError(
        403,
        'forbidden',
        `${actor.username} is ${actor.role === 'viewer' ? 'a' : 'an'} ${actor.role}; only editors create change sets`,
      );
    return this.#queue.run(QUEUE, async () => {
      const drafts = await this.#drafts(documents);
      const members: ChangeSetMember[] = [];
      for (const id of documents) {
        const draft = drafts.get(id);
        if (!draft)
          throw new ApiError(
            404,
            'document-not-found',
            `${id} is a known document but the store holds no copy of it`,
            'create it first',
          );
        const holder = (await this.#holders(id, undefined))[0];
        if (holder) throw documentInChangeSet(id, holder);
        members.push({ id, version: draft.version });
      }
      // 50 random bits: a clash is all but impossible, and the store refuses one rather than overwrite.
      const written = await this.#write(newChangeSet(newId(), title, actor.username, this.#now(), members), null);
      return written;
    });
  }

  /** Applies an action, provided the record is still at `revision` (If-Match). */
  act(id: string, action: ChangeSetAction, revision: number, actor: Actor): Promise<ChangeSet> {
    return this.#queue.run(QUEUE, async () => {
      const set = await this.get(id);
      if (set.revision !== revision) throw stale(set);
      // Role and state first: a refused action changes nothing, not even a catch-up of the members below.
      assertAllowed(set, action.action, actor, this.requireApproval);
      const now = this.#now();
      const names =
        action.action === 'add' ? [...set.members.map((m) => m.id), action.document] : set.members.map((m) => m.id);
      const drafts = await this.#drafts(names);
      if (action.action === 'approve' || action.action === 'publish') {
        // What is approved or published is the drafts as they are; a save the set has not caught up with
        // (it missed the after-save step) is taken in first and the reviewers see it.
        const synced = syncMembers(set, drafts, now);
        if (synced) throw draftChanged(await this.#write(synced, set.revision), set, drafts);
      }
      if (action.action === 'publish') {
        applyAction(set, action, { actor, now, requireApproval: this.requireApproval, drafts });
        return this.#publish(set, actor.username, now);
      }
      const holder = action.action === 'add' ? (await this.#holders(action.document, set.id))[0] : undefined;
      const writes = action.action === 'approve' ? await this.#writesSincePublication(set.members) : undefined;
      const next = applyAction(set, action, {
        actor,
        now,
        requireApproval: this.requireApproval,
        drafts,
        ...(holder ? { holder } : {}),
        ...(writes ? { writes } : {}),
      });
      return this.#write(next, set.revision);
    });
  }

  /**
   * After a save or restore of `id` (the document routes call it): every unpublished set carrying the document
   * (one, unless a store from before the rule left more: change-set-holds.ts) takes the new version, and returns to
   * review if it was approved. Never throws: a save has happened and must be answered as saved; a set left behind
   * is caught up before approval or publication.
   */
  async memberSaved(id: DocumentId, draft: DraftFact): Promise<void> {
    const notUpdated = (which: string, error: unknown) =>
      console.error(
        `config service: ${which} carrying ${id} was not updated to v${draft.version}: ${String(error)}; it is caught up before approval or publication`,
      );
    await this.#queue.run(QUEUE, async () => {
      let holders: ChangeSet[];
      try {
        holders = await this.#holders(id, undefined);
      } catch (error) {
        return notUpdated('the change set', error);
      }
      // Each on its own: one that cannot be written does not keep the others behind.
      for (const holder of holders)
        await this.#follow(holder.id, id, draft).catch((error: unknown) =>
          notUpdated(`change set ${holder.id}`, error),
        );
    });
  }

  /** One set takes `draft` of `id`, read again on a lost compare-and-set. */
  async #follow(setId: string, id: DocumentId, draft: DraftFact): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const set = await this.#store.readChangeSet(setId);
      const next = set && syncMembers(set, new Map([[id, draft]]), this.#now());
      if (!set || !next) return;
      const result = await this.#store.writeChangeSet(next, set.revision);
      if (result.ok) return this.#changed();
      // A write from outside this queue (another instance, a share link's record) got there first; read again.
    }
    throw new Error('the change set kept changing under five attempts');
  }

  /**
   * The scheduler's publication of a due set. Never throws: a failure is recorded on the set (schedule.failure,
   * a 'schedule-failed' event) and logged. Returns what happened, for the log and the tests.
   */
  publishDue(id: string): Promise<'published' | 'failed' | 'not-due'> {
    return this.#queue
      .run(QUEUE, async () => {
        for (let attempt = 1; ; attempt++) {
          const set = await this.#store.readChangeSet(id);
          const now = this.#now();
          const schedule = set?.schedule;
          if (
            !set ||
            set.state !== 'approved' ||
            !schedule ||
            schedule.failure ||
            Date.parse(schedule.at) > now.getTime()
          )
            return 'not-due' as const;
          try {
            const drafts = await this.#drafts(set.members.map((m) => m.id));
            const synced = syncMembers(set, drafts, now);
            if (synced) throw draftChanged(await this.#write(synced, set.revision), set, drafts);
            if (set.members.length === 0)
              throw new ApiError(409, 'invalid-transition', 'the change set has no documents');
            await this.#publish(set, schedule.by, now, `as scheduled for ${schedule.at}`);
            return 'published' as const;
          } catch (error) {
            // Another instance on the same database published (or changed) the set between this read and the
            // commit (docs/operations.md#postgresql): no failure of this schedule. Read it again: published by
            // now → not due; still due (someone only commented) → try again.
            if (error instanceof ApiError && error.code === 'stale-change-set' && attempt < STALE_ATTEMPTS) continue;
            await this.#recordScheduleFailure(id, schedule, reasonOf(error));
            return 'failed' as const;
          }
        }
      })
      .catch((error: unknown) => {
        console.error(
          `config service: the scheduled publication of ${id} failed and could not be recorded: ${String(error)}`,
        );
        return 'failed' as const;
      });
  }

  async #recordScheduleFailure(id: string, schedule: ChangeSetSchedule, reason: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.#store.readChangeSet(id);
      if (!current) return;
      const result = await this.#store.writeChangeSet(
        scheduleFailed(current, schedule, reason, this.#now()),
        current.revision,
      );
      if (result.ok) {
        console.error(
          `config service: the scheduled publication of change set ${id} (${current.title}) failed: ${reason}`,
        );
        return this.#changed();
      }
    }
    throw new Error('the change set kept changing under five attempts');
  }

  async #publish(set: ChangeSet, by: string, now: Date, detail?: string): Promise<ChangeSet> {
    const next = published(set, by, now, detail);
    try {
      await this.#documents.publishBatch(set.members, by, {
        changeSet: { next, expectedRevision: set.revision },
        ...(set.approval ? { approvedBy: set.approval.by } : {}),
      });
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'stale-version' || error.code === 'draft-changed')) {
        // A save won the race between the check above and the batch's own check under the documents' locks.
        const drafts = await this.#drafts(set.members.map((m) => m.id));
        const synced = syncMembers(set, drafts, now);
        if (synced) throw draftChanged(await this.#write(synced, set.revision), set, drafts);
      }
      if (error instanceof ApiError && error.code === 'stale-change-set') throw error;
      // Nothing was published; the set says so in its history and stays as it was.
      const current = await this.#store.readChangeSet(set.id);
      if (current) {
        const result = await this.#store.writeChangeSet(
          publishFailed(current, by, reasonOf(error), now),
          current.revision,
        );
        if (result.ok) this.#changed();
      }
      throw error;
    }
    this.#changed();
    return this.get(set.id);
  }

  async #write(next: ChangeSet, expectedRevision: number | null): Promise<ChangeSet> {
    const result = await this.#store.writeChangeSet(next, expectedRevision);
    if (result.ok) {
      this.#changed();
      return result.changeSet;
    }
    if (result.reason === 'not-found') throw notFound(next.id);
    // Another instance put the document into its set after this one looked (the store decides, change-set-holds.ts).
    if (result.reason === 'held') throw documentInChangeSet(result.document, result.holder);
    throw stale(result.current);
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }

  /** The unpublished sets holding `id`, other than `except`, oldest first (the one the store's holds name). */
  async #holders(id: DocumentId, except: string | undefined): Promise<ChangeSet[]> {
    return (await this.#store.listChangeSets())
      .filter((s) => isOpen(s) && s.id !== except && s.members.some((m) => m.id === id))
      .reverse();
  }

  /** Four eyes' facts (docs/workflow.md#approval): each member's versions after its last publication, up to the one carried. */
  async #writesSincePublication(members: readonly ChangeSetMember[]): Promise<Map<DocumentId, VersionWrite[]>> {
    const writes = new Map<DocumentId, VersionWrite[]>();
    for (const member of members) {
      const history = await this.#store.history(member.id);
      if (!history)
        throw new ApiError(
          404,
          'document-not-found',
          `${member.id} is in this change set but the store holds no copy of it`,
          `remove it: {"action": "remove", "document": "${member.id}"}`,
        );
      // A document is published only at its draft of the moment, so every later version has a higher number.
      const published = history.publications.at(-1)?.version ?? 0;
      const since = history.versions.filter((v) => v.version > published && v.version <= member.version);
      writes.set(
        member.id,
        since.map(({ version, author, action }) => ({ version, author, action })),
      );
    }
    return writes;
  }

  async #drafts(ids: readonly DocumentId[]): Promise<Map<DocumentId, DraftFact>> {
    const drafts = new Map<DocumentId, DraftFact>();
    for (const id of ids) {
      const summary = await this.#store.summary(id);
      if (summary) drafts.set(id, { version: summary.draft.version, author: summary.draft.author });
    }
    return drafts;
  }
}

function newId(): string {
  const bytes = randomBytes(10);
  return `cs-${[...bytes].map((b) => BASE32[b & 31]).join('')}`;
}

function notFound(id: string): ApiError {
  return new ApiError(
    404,
    'change-set-not-found',
    `no change set is called ${JSON.stringify(id)}`,
    'GET /api/change-sets lists them',
  );
}

function stale(current: ChangeSet): ApiError {
  return new ApiError(
    412,
    'stale-change-set',
    `the change set changed since you read it: it is now revision ${current.revision} (${current.events.at(-1)?.kind ?? 'created'})`,
    `look at \`changeSet\` (the set now, ETag "r${current.revision}") and try again`,
    {
      fields: { changeSet: current },
    },
  );
}

function draftChanged(current: ChangeSet, before: ChangeSet, drafts: ReadonlyMap<DocumentId, DraftFact>): ApiError {
  const moved = before.members.flatMap((m) => {
    const draft = drafts.get(m.id);
    return draft && draft.version !== m.version
      ? [`${m.id} is now v${draft.version} by ${draft.author} (the set carried v${m.version})`]
      : [];
  });
  const back = before.state === 'approved' ? '; the set is back in review' : '';
  return new ApiError(
    409,
    'draft-changed',
    `a draft changed since the set was last reviewed: ${moved.join(', ')}${back}`,
    'review the new versions; an approved set needs a new approval',
    { fields: { changeSet: current } },
  );
}

/** One line for a failure: the code and message of an ApiError, the message of anything else. */
function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    const first = error.extra.problems?.[0];
    return `${error.code}: ${error.message}${first ? ` (first: ${first.file} ${first.pointer || '/'}: ${first.message})` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}
