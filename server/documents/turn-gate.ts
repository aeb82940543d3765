/**
 * Runs a save or restore in the writer's turn (docs/api.md#write-turns).
 *
 * A writer that arrives while others are in the document's line joins it and waits here, before anything is read
 * or validated, until the writers ahead of it are through: woken as soon as the one ahead leaves, on this instance
 * or another. A writer still waiting after MAX_WAIT_MS is answered 409 `write-queued` with its ticket, to keep its
 * place with the next attempt. A writer that takes part (it sent a Write-Ticket: `new` or one it was given) and
 * loses the compare-and-set (412 `stale-version`) keeps or gets its place, so it is served before writers that came
 * later. A writer that sends none, such as a person who will merge by hand, gets a plain 412 and holds no one up.
 */
import type { WriteTurn } from '../../schemas/contracts/index';
import type { DocumentId } from '../../schemas/validator/index';
import { ApiError } from '../http/errors';
import { TURN_IDLE_MS, type Standing, type WriteTurns } from '../storage/write-turns';

/** The Write-Ticket of a writer that takes part in the turns but holds no ticket yet. */
export const NEW_TICKET = 'new';
/** The longest a request waits in line before it is answered 409 (it keeps its place with its ticket). */
export const MAX_WAIT_MS = 5_000;
/** A waiting request asks where it stands at least this often, which also keeps its ticket alive. */
const ASK_EVERY_MS = TURN_IDLE_MS / 4;

export interface TurnRequest {
  /** The writer's Write-Ticket: absent (it does not take part), NEW_TICKET, or one it was given. */
  ticket?: string;
  /** Aborted when the client goes away: a writer that left must not hold the line. */
  signal?: AbortSignal;
}

export class TurnGate {
  readonly #turns: WriteTurns;
  readonly #maxWaitMs: number;

  constructor(turns: WriteTurns, options: { maxWaitMs?: number } = {}) {
    this.#turns = turns;
    this.#maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  }

  async run<T>(id: DocumentId, request: TurnRequest, write: () => Promise<T>): Promise<T> {
    const takesPart = request.ticket !== undefined;
    let standing: Standing = await this.#turns.standing(id, request.ticket === NEW_TICKET ? undefined : request.ticket);
    if (standing.ahead > 0)
      standing = await this.#waitInLine(id, await this.#turns.join(id, standing.ticket), request.signal);
    const held = standing.ticket;
    let result: T;
    try {
      result = await write();
    } catch (error) {
      const stale = error instanceof ApiError && error.code === 'stale-version';
      if (stale && takesPart) {
        const joined = await this.#turns.join(id, held).catch(() => undefined);
        if (joined)
          throw new ApiError(error.status, error.code, error.message, error.hint, {
            ...error.extra,
            fields: { ...error.extra.fields, turn: turnOf(joined) },
          });
      }
      if (held !== undefined) await this.#leave(id, held);
      throw error;
    }
    if (held !== undefined) await this.#leave(id, held);
    return result;
  }

  /** Waits until no live ticket is older than the writer's; 409 after MAX_WAIT_MS, the place kept. */
  async #waitInLine(id: DocumentId, joined: Required<Standing>, signal: AbortSignal | undefined): Promise<Standing> {
    const deadline = performance.now() + this.#maxWaitMs;
    let standing: Required<Standing> = joined;
    while (standing.ahead > 0) {
      const left = deadline - performance.now();
      if (left <= 0 || signal?.aborted) {
        // Nobody reads the answer to a client that went away; its place goes to the next writer at once.
        if (signal?.aborted) await this.#leave(id, standing.ticket);
        const waiting = standing.ahead === 1 ? '1 other save of' : `${standing.ahead} other saves of`;
        throw new ApiError(
          409,
          'write-queued',
          `${waiting} ${id} came first and did not finish within ${this.#maxWaitMs / 1000} s; nothing was written`,
          `send the same request again with the header Write-Ticket: ${standing.ticket} to keep your place`,
          {
            fields: { turn: turnOf(standing) },
          },
        );
      }
      await this.#turns.changed(id, Math.min(left, ASK_EVERY_MS));
      const now = await this.#turns.standing(id, standing.ticket);
      // Dropped while we waited (a stalled event loop, a database hiccup): back in line, at the end.
      standing =
        now.ticket === undefined ? await this.#turns.join(id, undefined) : { ahead: now.ahead, ticket: now.ticket };
    }
    return standing;
  }

  /** The save is settled whatever happens here: a ticket that cannot be handed back expires by itself. */
  async #leave(id: DocumentId, ticket: string): Promise<void> {
    await this.#turns.leave(id, ticket).catch(() => undefined);
  }
}

function turnOf(standing: { ticket: string; ahead: number }): WriteTurn {
  // The service waits in line for the writer, so its next attempt can go at once.
  return { ticket: standing.ticket, ahead: standing.ahead, retryAfterMs: 0 };
}
