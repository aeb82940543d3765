/**
 * Write turns: fairness for writers that lose the compare-and-set on one document (docs/api.md#write-turns).
 *
 * If-Match alone guarantees that no update is lost, but not that every writer gets through: when many writers
 * race on one draft, each attempt wins about one time in N, so some writer always needs many times N attempts.
 * A writer that lost (412) or that arrives while others wait gets a ticket. Tickets are served oldest first: while
 * any live ticket is older than a writer's, that writer's save waits (../documents/turn-gate.ts), without touching
 * the draft. A ticket lives while its holder keeps asking (TURN_IDLE_MS between two asks; a waiting save asks
 * several times within that), so a writer that gave up never blocks the others for long.
 *
 * Correctness never rests on the turns: the store's compare-and-set still decides every save. The turns only
 * decide whose save is tried, so they may lag a little behind (for PostgreSQL they are a table shared by every
 * instance: postgres/write-turns-postgres.ts).
 */
import { randomUUID } from 'node:crypto';
import type { DocumentId } from '../../schemas/validator/index';

/** A ticket whose holder has not come back for this long is dropped; its place goes to the next in line. */
export const TURN_IDLE_MS = 1_000;

/** Where a writer stands in a document's line. `ticket` is absent when it holds none (and none was needed). */
export interface Standing {
  /** Live tickets older than the writer's (all live tickets when it holds none). 0: its turn. */
  ahead: number;
  ticket?: string;
}

export interface WriteTurns {
  /** Where `ticket` stands for `id` (a missing, unknown or expired ticket counts as none); refreshes a live ticket. */
  standing(id: DocumentId, ticket: string | undefined): Promise<Standing>;
  /** Puts the writer in line: refreshes `ticket` when it is live for `id`, else issues a new one at the end. */
  join(id: DocumentId, ticket: string | undefined): Promise<Required<Standing>>;
  /** The holder's save went through (or it gave up): its ticket is done, and the next writer is woken. */
  leave(id: DocumentId, ticket: string): Promise<void>;
  /** Resolves when `id`'s line may have moved (a ticket left, here or on another instance), or after `timeoutMs`. */
  changed(id: DocumentId, timeoutMs: number): Promise<void>;
}

/** Who waits for a line to move, per document; leave() (or another instance's notification) wakes them. */
export class TurnWaiters {
  readonly #waiting = new Map<string, Set<() => void>>();

  wait(id: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.#waiting.get(id) ?? new Set<() => void>();
      this.#waiting.set(id, waiters);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && this.#waiting.get(id) === waiters) this.#waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(done);
    });
  }

  wake(id: string): void {
    for (const done of [...(this.#waiting.get(id) ?? [])]) done();
  }
}

/** A ticket as a client sends it back: what the stores issue (UUIDs), and nothing longer. */
export const TICKET_PATTERN = /^[0-9a-f-]{36}$/;

interface Held {
  ticket: string;
  seen: number;
}

/** In one process: the file store's turns (one process owns a CONFIG_DIR, docs/operations.md#one-owner). */
export class MemoryWriteTurns implements WriteTurns {
  readonly #lines = new Map<DocumentId, Held[]>();
  readonly #waiters = new TurnWaiters();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  standing(id: DocumentId, ticket: string | undefined): Promise<Standing> {
    const line = this.#live(id);
    const at = ticket === undefined ? -1 : line.findIndex((held) => held.ticket === ticket);
    if (at < 0) return Promise.resolve({ ahead: line.length });
    line[at]!.seen = this.#now();
    return Promise.resolve({ ahead: at, ticket: line[at]!.ticket });
  }

  join(id: DocumentId, ticket: string | undefined): Promise<Required<Standing>> {
    const line = this.#live(id);
    const at = ticket === undefined ? -1 : line.findIndex((held) => held.ticket === ticket);
    if (at >= 0) {
      line[at]!.seen = this.#now();
      return Promise.resolve({ ahead: at, ticket: line[at]!.ticket });
    }
    const held = { ticket: randomUUID(), seen: this.#now() };
    line.push(held);
    this.#lines.set(id, line);
    return Promise.resolve({ ahead: line.length - 1, ticket: held.ticket });
  }

  leave(id: DocumentId, ticket: string): Promise<void> {
    const line = this.#live(id).filter((held) => held.ticket !== ticket);
    if (line.length > 0) this.#lines.set(id, line);
    else this.#lines.delete(id);
    this.#waiters.wake(id);
    return Promise.resolve();
  }

  changed(id: DocumentId, timeoutMs: number): Promise<void> {
    return this.#waiters.wait(id, timeoutMs);
  }

  /** The line without the tickets whose holders went away. */
  #live(id: DocumentId): Held[] {
    const cutoff = this.#now() - TURN_IDLE_MS;
    const line = (this.#lines.get(id) ?? []).filter((held) => held.seen > cutoff);
    if (line.length > 0) this.#lines.set(id, line);
    else this.#lines.delete(id);
    return line;
  }
}
