/**
 * The long-lived responses held for sessions (presence streams: docs/workflow.md#presence), each ended when its
 * session ends. At once when the store tells of the end (SessionStore.onEnded: a sign-out, expiry or replacement on
 * this instance; with a database, on any instance through NOTIFY); otherwise at the next re-check, every
 * SESSION_RECHECK_MS while any connection is held, which asks the store which of the held sessions still live and
 * so finds what no notice announced: a row deleted by hand, an idle expiry not yet swept, a notification lost while
 * the database was away.
 */
import { SESSION_RECHECK_MS, type SessionStore } from './sessions';

export interface SessionConnectionsOptions {
  recheckMs?: number;
  log?: (error: unknown, what: string) => void;
}

export class SessionConnections {
  readonly #sessions: SessionStore;
  readonly #recheckMs: number;
  readonly #log: (error: unknown, what: string) => void;
  /** The end of each held connection, by session id. */
  readonly #held = new Map<string, Set<() => void>>();
  readonly #stopListening: () => void;
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;
  /** The last re-check failed: the next failure is not logged again. */
  #failing = false;

  constructor(sessions: SessionStore, options: SessionConnectionsOptions = {}) {
    this.#sessions = sessions;
    this.#recheckMs = options.recheckMs ?? SESSION_RECHECK_MS;
    this.#log = options.log ?? (() => undefined);
    this.#stopListening = sessions.onEnded((id) => this.#end(id));
  }

  /**
   * Holds a connection for the session `id`: `end` ends it when the session ends. Returns the release, for a
   * connection that closed by itself.
   */
  hold(id: string, end: () => void): () => void {
    const ends = this.#held.get(id) ?? new Set();
    this.#held.set(id, ends);
    // Its own function, so the same `end` held twice is released once each.
    const entry = () => end();
    ends.add(entry);
    this.#startRecheck();
    return () => {
      if (!ends.delete(entry) || ends.size > 0) return;
      this.#held.delete(id);
      if (this.#held.size === 0) this.#stopRecheck();
    };
  }

  /** Connections held now. */
  get size(): number {
    return [...this.#held.values()].reduce((sum, ends) => sum + ends.size, 0);
  }

  /** Stops listening and re-checking (the app is closing and ends the connections itself). */
  async close(): Promise<void> {
    this.#stopListening();
    this.#stopRecheck();
    await this.#checking;
  }

  #end(id: string): void {
    const ends = this.#held.get(id);
    if (!ends) return;
    this.#held.delete(id);
    if (this.#held.size === 0) this.#stopRecheck();
    for (const end of ends)
      try {
        end();
      } catch (error) {
        // Called from the store's notification handler, where a throw would end the process.
        this.#log(error, 'a connection of an ended session could not be ended');
      }
  }

  async #recheck(): Promise<void> {
    const ids = [...this.#held.keys()];
    let live: Set<string>;
    try {
      live = await this.#sessions.live(ids);
      this.#failing = false;
    } catch (error) {
      // The store is away (the database is down): nothing can be told, so the connections stay until it is back.
      if (!this.#failing)
        this.#log(error, 'sessions: the re-check of long-lived connections failed; it is tried again');
      this.#failing = true;
      return;
    }
    // Only the ids asked about: a connection held since the question was sent is checked next time.
    for (const id of ids) if (!live.has(id)) this.#end(id);
  }

  #startRecheck(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      // A slow store: one re-check at a time.
      this.#checking ??= this.#recheck().finally(() => (this.#checking = undefined));
    }, this.#recheckMs);
    // Never what keeps a process alive.
    this.#timer.unref();
  }

  #stopRecheck(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
