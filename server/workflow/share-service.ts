/**
 * Share links of a change set (docs/workflow.md#sharing-a-preview): create, revoke, open. A link opens the
 * set's carried drafts read-only, without an account, until it expires or is revoked. Every share and
 * revocation is a ShareRecord plus an event on the change set, written compare-and-set on the record's
 * revision (another action may write the set at the same moment; a stale write is retried on the new record).
 */
import type {
  ChangeSet,
  ChangeSetEvent,
  CreatedShare,
  ShareRecord,
  SharedChangeSet,
} from '../../schemas/contracts/index';
import { isChangeSetId } from '../../schemas/contracts/index';
import { SCENARIO_DEFAULTS, serializePreviewParams } from '../../schemas/contracts/preview-params';
import { documentKind, type DocumentId } from '../../schemas/validator/index';
import { ApiError } from '../http/errors';
import { renderStoredVersion } from '../storage/published-config';
import type { DocumentStore } from '../storage/store';
import { newShareId, readShareToken, SHARE_ID, signShareToken } from './share-links';

export type ShareStore = Pick<DocumentStore, 'readChangeSet' | 'writeChangeSet' | 'secret' | 'read'>;

/** 1 minute to 30 days (CreateShareBody). */
export const SHARE_MINUTES = { min: 1, max: 43_200 } as const;
export const MAX_NOTE_LENGTH = 200;
/** A write that loses the compare-and-set this many times in a row gives up with 503 rather than spin. */
const MAX_ATTEMPTS = 8;

export interface ShareServiceOptions {
  /** Test seam: the clock. */
  now?: () => Date;
  /**
   * Runs a read-change-write of a change set record in the change-set service's own queue, so a share never
   * makes one of its writes stale. Without it, writes still cannot be lost (compare-and-set), only retried.
   */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
}

export interface OpenedShare {
  shared: SharedChangeSet;
  /** For the log line of every opening. */
  share: ShareRecord;
}

/** CreateShareBody, checked where it enters. */
export function readCreateShareBody(body: unknown): { expiresInMinutes: number; note: string } {
  const example = '{"expiresInMinutes": 1440, "note": "for the legal review"}';
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError(400, 'bad-request', 'the body must be a JSON object', example);
  const { expiresInMinutes, note, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw new ApiError(
      400,
      'bad-request',
      `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')}; a share takes expiresInMinutes and note`,
      example,
    );
  if (
    typeof expiresInMinutes !== 'number' ||
    !Number.isInteger(expiresInMinutes) ||
    expiresInMinutes < SHARE_MINUTES.min ||
    expiresInMinutes > SHARE_MINUTES.max
  )
    throw new ApiError(
      400,
      'bad-request',
      `expiresInMinutes must be a whole number from ${SHARE_MINUTES.min} to ${SHARE_MINUTES.max} (30 days), got ${JSON.stringify(expiresInMinutes)}`,
      example,
    );
  if (note !== undefined && (typeof note !== 'string' || note.length > MAX_NOTE_LENGTH))
    throw new ApiError(400, 'bad-request', `note must be text of at most ${MAX_NOTE_LENGTH} characters`, example);
  return { expiresInMinutes, note: (note ?? '').trim() };
}

const SHARE_REFUSAL_HINT = 'ask whoever sent the link for a new one';

export class ShareService {
  readonly #store: ShareStore;
  readonly #now: () => Date;
  readonly #exclusive: <T>(work: () => Promise<T>) => Promise<T>;

  constructor(store: ShareStore, options: ShareServiceOptions = {}) {
    this.#store = store;
    this.#now = options.now ?? (() => new Date());
    this.#exclusive = options.exclusive ?? ((work) => work());
  }

  /** POST /api/change-sets/:id/shares. The token appears only in the answer's URL. */
  async create(changeSetId: string, body: unknown, author: string): Promise<CreatedShare> {
    const { expiresInMinutes, note } = readCreateShareBody(body);
    const now = this.#now();
    const share: ShareRecord = {
      id: newShareId(),
      createdBy: author,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + expiresInMinutes * 60_000).toISOString(),
      note,
    };
    const detail = `link ${share.id}${note ? ` for ${JSON.stringify(note)}` : ''}, expires ${share.expiresAt}`;
    const saved = await this.#update(changeSetId, (set) => ({
      ...set,
      shares: [...set.shares, share],
      events: [...set.events, this.#event(set, 'shared', author, detail)],
    }));
    const token = signShareToken(
      { changeSet: saved.id, share: share.id, expiresAt: share.expiresAt },
      await this.#store.secret('share-links'),
    );
    const locale = firstLocale(saved);
    // Path-absolute: behind a proxy the service cannot know the scheme and host customers' browsers use.
    return {
      share,
      url: `/preview?${serializePreviewParams({ ...SCENARIO_DEFAULTS, ...(locale ? { locale } : {}) }, { share: token })}`,
    };
  }

  /** DELETE /api/change-sets/:id/shares/:shareId. Revoking a revoked link changes nothing and answers its record. */
  async revoke(changeSetId: string, shareId: string, author: string): Promise<ShareRecord> {
    if (!SHARE_ID.test(shareId))
      throw new ApiError(
        400,
        'bad-request',
        `"${shareId}" is not a share id`,
        'share ids look like sh-abcdefghij; GET /api/change-sets/:id lists them',
      );
    let revoked: ShareRecord | undefined;
    await this.#update(changeSetId, (set) => {
      const current = set.shares.find((s) => s.id === shareId);
      if (!current)
        throw new ApiError(
          404,
          'not-found',
          `change set ${set.id} has no share ${shareId}`,
          'GET /api/change-sets/:id lists its shares',
        );
      if (current.revokedAt) {
        revoked = current;
        return null;
      }
      revoked = { ...current, revokedAt: this.#now().toISOString(), revokedBy: author };
      const next = revoked;
      return {
        ...set,
        shares: set.shares.map((s) => (s.id === shareId ? next : s)),
        events: [
          ...set.events,
          this.#event(
            set,
            'share-revoked',
            author,
            `link ${shareId}${current.note ? ` for ${JSON.stringify(current.note)}` : ''}`,
          ),
        ],
      };
    });
    return revoked!;
  }

  /**
   * GET /api/shares/:token. A refusal never tells whether another change set exists: the only set a token can
   * name is the one it was signed for, and a token that fails its signature is refused before any lookup.
   */
  async open(token: string): Promise<OpenedShare> {
    const reading = readShareToken(token, await this.#store.secret('share-links'));
    if (!reading.ok) {
      if (reading.reason === 'malformed')
        throw new ApiError(
          400,
          'share-invalid',
          `this share link is not valid: ${reading.message}`,
          SHARE_REFUSAL_HINT,
        );
      throw new ApiError(404, 'share-invalid', `this share link is not valid: ${reading.message}`, SHARE_REFUSAL_HINT);
    }
    const { payload } = reading;
    const set = await this.#store.readChangeSet(payload.changeSet);
    const share = set?.shares.find((s) => s.id === payload.share);
    if (!set || !share)
      throw new ApiError(
        404,
        'share-invalid',
        'this share link is not valid: what it shared no longer exists',
        SHARE_REFUSAL_HINT,
      );
    if (share.revokedAt)
      throw new ApiError(410, 'share-revoked', `this share link was revoked on ${share.revokedAt}`, SHARE_REFUSAL_HINT);
    if (Date.parse(share.expiresAt) <= this.#now().getTime())
      throw new ApiError(410, 'share-expired', `this share link expired on ${share.expiresAt}`, SHARE_REFUSAL_HINT);
    const documents: SharedChangeSet['documents'] = [];
    for (const member of set.members) {
      const stored = await this.#store.read(member.id, member.version);
      if (!stored)
        throw new Error(`change set ${set.id} carries ${member.id} v${member.version}, which the store does not hold`);
      documents.push({
        id: member.id,
        version: member.version,
        text: stored.text,
        content: previewContent(member.id, stored.text),
      });
    }
    return {
      share,
      shared: { changeSet: { id: set.id, title: set.title, state: set.state }, expiresAt: share.expiresAt, documents },
    };
  }

  #event(set: ChangeSet, kind: ChangeSetEvent['kind'], author: string, detail: string): ChangeSetEvent {
    return {
      kind,
      author,
      time: this.#now().toISOString(),
      versions: Object.fromEntries(set.members.map((m) => [m.id, m.version])),
      detail,
    };
  }

  /** Read, change, write if the revision is still the one read; on a lost race, again on the record as it is now. */
  async #update(changeSetId: string, change: (set: ChangeSet) => ChangeSet | null): Promise<ChangeSet> {
    if (!isChangeSetId(changeSetId))
      throw new ApiError(
        400,
        'bad-request',
        `"${changeSetId}" is not a change set id`,
        'change set ids look like cs-abcdefghij; GET /api/change-sets lists them',
      );
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const done = await this.#exclusive(async () => {
        const set = await this.#store.readChangeSet(changeSetId);
        if (!set)
          throw new ApiError(
            404,
            'change-set-not-found',
            `there is no change set ${changeSetId}`,
            'GET /api/change-sets lists them',
          );
        const next = change(set);
        if (next === null) return set;
        const written = await this.#store.writeChangeSet(next, set.revision);
        if (written.ok) return written.changeSet;
        if (written.reason === 'not-found')
          throw new ApiError(
            404,
            'change-set-not-found',
            `there is no change set ${changeSetId}`,
            'GET /api/change-sets lists them',
          );
        return undefined;
      });
      if (done) return done;
    }
    throw new ApiError(
      503,
      'stale-change-set',
      `change set ${changeSetId} kept changing while the share was being written`,
      'try again in a moment',
    );
  }
}

/** The member the preview opens on: its first locale config, else none (the preview's default locale). */
function firstLocale(set: ChangeSet): DocumentId | undefined {
  return set.members.find((m) => documentKind(m.id) === 'locale')?.id;
}

/**
 * What the preview renders: the document as it would be published (defaults filled, `$schema` dropped), since
 * the preview carries no validator to fill them. Null when the text is not JSON (a stored draft always is).
 */
function previewContent(id: DocumentId, text: string): unknown {
  const rendered = renderStoredVersion(id, text);
  if (!rendered) return null;
  return JSON.parse(Buffer.from(rendered.published.bytes).toString('utf8'));
}
