/**
 * The write turns (../write-turns.ts, docs/api.md#write-turns) in the database, so that every instance serves one
 * line per document. Tickets are rows ordered by a sequence; a ticket lives while its holder's last attempt is
 * younger than TURN_IDLE_MS, by the database's clock, so instances with skewed clocks agree. A ticket that leaves
 * NOTIFYs TURNS_CHANNEL with the document id, and the store's listener wakes this instance's waiting saves (wake()).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { DocumentId } from '../../../schemas/validator/index';
import { TURN_IDLE_MS, TurnWaiters, type Standing, type WriteTurns } from '../write-turns';
import { TURNS_CHANNEL } from './publish-listener';

type Query = <R extends pg.QueryResultRow>(sql: string, params: unknown[]) => Promise<R[]>;

const LIVE = `seen_at > now() - make_interval(secs => ${TURN_IDLE_MS / 1000})`;

/** Refreshes `$2` when it is live for `$1`, and counts the live tickets older than it (all of them without it). */
const STANDING = `
  WITH mine AS (UPDATE write_turns SET seen_at = now() WHERE token = $2 AND document_id = $1 AND ${LIVE} RETURNING seq)
  SELECT (SELECT seq FROM mine) IS NOT NULL AS held,
    (SELECT count(*) FROM write_turns w WHERE w.document_id = $1 AND w.${LIVE} AND w.token IS DISTINCT FROM $2
      AND w.seq < coalesce((SELECT seq FROM mine), 9223372036854775807))::int AS ahead`;

export class PostgresWriteTurns implements WriteTurns {
  readonly #query: Query;
  readonly #waiters = new TurnWaiters();

  constructor(query: Query) {
    this.#query = query;
  }

  /** Another instance (or this one) let a ticket of `id` go: what the listener calls. */
  wake(id: string): void {
    this.#waiters.wake(id);
  }

  changed(id: DocumentId, timeoutMs: number): Promise<void> {
    return this.#waiters.wait(id, timeoutMs);
  }

  async standing(id: DocumentId, ticket: string | undefined): Promise<Standing> {
    const [row] = await this.#query<{ held: boolean; ahead: number }>(STANDING, [id, ticket ?? null]);
    return row!.held ? { ahead: row!.ahead, ticket: ticket! } : { ahead: row!.ahead };
  }

  async join(id: DocumentId, ticket: string | undefined): Promise<Required<Standing>> {
    const held = await this.standing(id, ticket);
    if (held.ticket !== undefined) return { ahead: held.ahead, ticket: held.ticket };
    // Joining is rare next to saving, so it also sweeps the tickets whose holders went away.
    await this.#query(`DELETE FROM write_turns WHERE NOT ${LIVE}`, []);
    const token = randomUUID();
    await this.#query('INSERT INTO write_turns (token, document_id) VALUES ($1, $2)', [token, id]);
    return { ahead: (await this.standing(id, token)).ahead, ticket: token };
  }

  async leave(id: DocumentId, ticket: string): Promise<void> {
    await this.#query(
      `WITH gone AS (DELETE FROM write_turns WHERE token = $1 AND document_id = $2) SELECT pg_notify('${TURNS_CHANNEL}', $2)`,
      [ticket, id],
    );
  }
}
