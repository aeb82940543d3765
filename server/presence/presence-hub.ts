/**
 * Who has which document open (docs/workflow.md#presence): one entry per open event stream, told to every
 * stream whenever the picture changes. In memory and apart from the store: presence informs people, it never
 * takes part in a save, so a save neither waits for it nor fails with it. With several instances an exchange
 * (presence-postgres.ts) tells each instance what the others hold, and the picture is theirs and ours together.
 */
import type { DocumentId, PresenceEntry, PresenceSnapshot } from '../../schemas/contracts/index';

/** Where a stream's bytes go (the route writes them to the HTTP response). */
export interface PresenceSink {
  write(chunk: string): void;
  end(): void;
}

export interface PresenceLimits {
  /** Open streams per user: a tab per document is plenty; more is a runaway client. */
  perUser: number;
  /** Open streams in all: each holds a socket. */
  total: number;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
}

/** How instances tell each other who they hold (docs/operations.md#several-instances). */
export interface PresenceExchange {
  /** Tells the other instances the entries this one holds now (called on each change of them). */
  publish(entries: PresenceEntry[]): void;
  /** Calls `listener` with the other instances' entries together, whenever they change. */
  subscribe(listener: (entries: PresenceEntry[]) => void): void;
  close(): Promise<void>;
}

export const DEFAULT_PRESENCE_LIMITS: PresenceLimits = { perUser: 10, total: 500, heartbeatMs: 15_000 };

interface Stream {
  username: string;
  document: DocumentId | null;
  since: string;
  sink: PresenceSink;
}

export type PresenceRefusal = { reason: 'user-limit' | 'total-limit' | 'closed'; message: string };

/** One `presence` event in the text/event-stream format (one data line: the JSON has no newlines). */
export function presenceEvent(snapshot: PresenceSnapshot): string {
  return `event: presence\ndata: ${JSON.stringify(snapshot)}\n\n`;
}

export const HEARTBEAT = ': heartbeat\n\n';

export class PresenceHub {
  readonly #streams = new Set<Stream>();
  readonly #limits: PresenceLimits;
  readonly #now: () => Date;
  #last = '';
  #lastPublished = '[]';
  #remote: PresenceEntry[] = [];
  readonly #exchange: PresenceExchange | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(limits: Partial<PresenceLimits> = {}, now: () => Date = () => new Date(), exchange?: PresenceExchange) {
    this.#limits = { ...DEFAULT_PRESENCE_LIMITS, ...limits };
    this.#now = now;
    this.#exchange = exchange;
    exchange?.subscribe((entries) => {
      this.#remote = entries;
      this.#broadcastIfChanged();
    });
  }

  /** Why a new stream for `username` would be refused now; undefined when it may open. */
  refusal(username: string): PresenceRefusal | undefined {
    if (this.#closed) return { reason: 'closed', message: 'the service is shutting down' };
    if (this.#streams.size >= this.#limits.total)
      return { reason: 'total-limit', message: `the service already holds ${this.#limits.total} presence streams` };
    const own = [...this.#streams].filter((s) => s.username === username).length;
    if (own >= this.#limits.perUser)
      return {
        reason: 'user-limit',
        message: `${username} already has ${own} presence streams open (at most ${this.#limits.perUser}): close some editor tabs`,
      };
    return undefined;
  }

  /**
   * Registers a stream and sends it the current picture; everyone else hears of the change. Returns the
   * function that ends it (idempotent), or the refusal when it may not open.
   */
  open(
    username: string,
    document: DocumentId | null,
    sink: PresenceSink,
  ): { ok: true; close: () => void } | ({ ok: false } & PresenceRefusal) {
    const refused = this.refusal(username);
    if (refused) return { ok: false, ...refused };
    const stream: Stream = { username, document, since: this.#now().toISOString(), sink };
    this.#streams.add(stream);
    this.#startHeartbeat();
    const snapshot = this.#broadcastIfChanged(stream);
    // The newcomer always gets the picture once, even when it changed nothing (a second tab on the same document).
    sink.write(presenceEvent(snapshot));
    return { ok: true, close: () => this.#remove(stream) };
  }

  /** Everyone present, on this instance and (with an exchange) on the others. */
  snapshot(): PresenceSnapshot {
    return { entries: merged([...this.#local(), ...this.#remote]) };
  }

  /** This instance's streams as entries. */
  #local(): PresenceEntry[] {
    return merged([...this.#streams].map((s) => ({ username: s.username, document: s.document, since: s.since })));
  }

  get size(): number {
    return this.#streams.size;
  }

  /** Ends every stream and refuses new ones: the app is closing, and its server waits for open responses. */
  close(): Promise<void> {
    this.#closed = true;
    this.#stopHeartbeat();
    for (const stream of this.#streams) stream.sink.end();
    this.#streams.clear();
    // The others hear that this instance holds nobody any more.
    return this.#exchange?.close() ?? Promise.resolve();
  }

  #remove(stream: Stream): void {
    if (!this.#streams.delete(stream)) return;
    stream.sink.end();
    if (this.#streams.size === 0) this.#stopHeartbeat();
    this.#broadcastIfChanged();
  }

  /** Sends the picture to every stream (but `except`) when it differs from the last one sent; returns it. */
  #broadcastIfChanged(except?: Stream): PresenceSnapshot {
    if (this.#exchange) {
      const local = JSON.stringify(this.#local());
      if (local !== this.#lastPublished) {
        this.#lastPublished = local;
        this.#exchange.publish(JSON.parse(local) as PresenceEntry[]);
      }
    }
    const snapshot = this.snapshot();
    const text = JSON.stringify(snapshot);
    if (text === this.#last) return snapshot;
    this.#last = text;
    const event = presenceEvent(snapshot);
    for (const s of this.#streams) if (s !== except) s.sink.write(event);
    return snapshot;
  }

  #startHeartbeat(): void {
    if (this.#heartbeat) return;
    this.#heartbeat = setInterval(() => {
      for (const s of [...this.#streams]) s.sink.write(HEARTBEAT);
    }, this.#limits.heartbeatMs);
    // Never what keeps a process alive.
    this.#heartbeat.unref();
  }

  #stopHeartbeat(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }
}

/** One entry per person and document, from their earliest stream; in a stable order. */
function merged(entries: PresenceEntry[]): PresenceEntry[] {
  const byKey = new Map<string, PresenceEntry>();
  for (const entry of entries) {
    const key = `${entry.username}\u0000${entry.document ?? ''}`;
    const known = byKey.get(key);
    if (!known || entry.since < known.since) byKey.set(key, entry);
  }
  return [...byKey.values()].sort(
    (a, b) => a.username.localeCompare(b.username) || (a.document ?? '').localeCompare(b.document ?? ''),
  );
}
