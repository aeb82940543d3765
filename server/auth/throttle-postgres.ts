/**
 * Sign-in limits in PostgreSQL, for the Postgres store (docs/operations.md#several-instances): the per-IP limit on
 * POST /api/session (through @fastify/rate-limit's custom store) and the per-account throttle of failed sign-ins
 * (account-throttle.ts) both count in the `sign_in_limits` table (migration 3 in storage/postgres/migrations.ts), so
 * N instances behind a load balancer together allow what one instance did, not N times as much.
 *
 * Each count is one atomic `INSERT … ON CONFLICT … DO UPDATE … RETURNING`: concurrent attempts on any instance each
 * see a distinct count, and a window that has ended starts again at 1. Windows are timed by the database's clock, so
 * instances whose clocks differ still agree. Ended windows are swept periodically.
 *
 * A database error never lets attempts through uncounted and never looks like a lockout: it raises
 * DatabaseUnavailableError, which the error handler answers with 503 database-unavailable and Retry-After.
 */
import type pg from 'pg';
import { holdPool, type HeldPool, type PoolSource } from '../storage/postgres/pool';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { DatabaseUnavailableError } from '../storage/postgres/database-errors';
import type { AccountLimiter } from './account-throttle';

export type PostgresLimitsOptions = PoolSource & {
  /** The longest window counted here: rows whose window started longer ago than this are swept. */
  windowMs: number;
  sweepEveryMs?: number;
  log?: (error: unknown, what: string) => void;
};

/** A window's count after an attempt, and the milliseconds left in it. */
export interface LimitCount {
  count: number;
  ttlMs: number;
}

/** One small query per sign-in: a couple of connections are plenty. */
const POOL_SIZE = 2;
const DEFAULT_SWEEP_MS = 60_000;

export class PostgresLimits {
  readonly #pool: pg.Pool;
  readonly #held: HeldPool;
  readonly #windowMs: number;
  readonly #sweeper: NodeJS.Timeout;
  readonly #log: (error: unknown, what: string) => void;

  constructor(options: PostgresLimitsOptions) {
    this.#held = holdPool(options, POOL_SIZE);
    this.#pool = this.#held.pool;
    this.#windowMs = options.windowMs;
    this.#log = options.log ?? (() => undefined);
    this.#sweeper = setInterval(
      () => void this.sweep().catch((error: unknown) => this.#log(error, 'the sweep of ended sign-in windows failed')),
      options.sweepEveryMs ?? DEFAULT_SWEEP_MS,
    );
    this.#sweeper.unref();
  }

  /** Counts one attempt under `key` in a window of `windowMs`; a window that has ended starts again at 1. */
  async hit(key: string, windowMs: number): Promise<LimitCount> {
    const rows = await this.#query<{ count: number; ttl_ms: number }>(
      `INSERT INTO sign_in_limits AS l (key, window_start, count) VALUES ($1, clock_timestamp(), 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN l.window_start + $2 * interval '1 millisecond' <= clock_timestamp() THEN 1 ELSE l.count + 1 END,
         window_start = CASE WHEN l.window_start + $2 * interval '1 millisecond' <= clock_timestamp() THEN clock_timestamp() ELSE l.window_start END
       RETURNING count, greatest(0, ceil(extract(epoch FROM (window_start + $2 * interval '1 millisecond' - clock_timestamp())) * 1000))::int AS ttl_ms`,
      [key, windowMs],
    );
    return { count: rows[0]!.count, ttlMs: rows[0]!.ttl_ms };
  }

  /** The count of `key`'s current window without counting; 0 when it has none. */
  async read(key: string, windowMs: number): Promise<LimitCount> {
    const rows = await this.#query<{ count: number; ttl_ms: number }>(
      `SELECT count, ceil(extract(epoch FROM (window_start + $2 * interval '1 millisecond' - clock_timestamp())) * 1000)::int AS ttl_ms
       FROM sign_in_limits WHERE key = $1 AND window_start + $2 * interval '1 millisecond' > clock_timestamp()`,
      [key, windowMs],
    );
    return rows[0] ? { count: rows[0].count, ttlMs: rows[0].ttl_ms } : { count: 0, ttlMs: 0 };
  }

  /** Deletes the rows whose window has ended; returns how many. */
  async sweep(): Promise<number> {
    const { rowCount } = await this.#pool.query(
      "DELETE FROM sign_in_limits WHERE window_start + $1 * interval '1 millisecond' <= clock_timestamp()",
      [this.#windowMs],
    );
    return rowCount ?? 0;
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    await this.#held.release();
  }

  async #query<R extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<R[]> {
    try {
      return (await this.#pool.query<R>(sql, params)).rows;
    } catch (error) {
      // Whatever went wrong, the attempt could not be counted: 503, never a silent lockout or an uncounted guess.
      this.#log(error, 'a sign-in limit could not be counted');
      throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
    }
  }
}

/** Failed sign-ins per account, counted in the database (the shared twin of AccountThrottle). */
export class PostgresAccountThrottle implements AccountLimiter {
  constructor(
    private readonly limits: PostgresLimits,
    private readonly options: { max: number; windowMs: number },
  ) {}

  async attempt(username: string, succeeded: boolean): Promise<number> {
    const key = `account:${username}`;
    if (succeeded) {
      // The right password is not a guess: it only reads, and passes unless `max` failures already fell in the window.
      const { count, ttlMs } = await this.limits.read(key, this.options.windowMs);
      return count >= this.options.max ? Math.max(ttlMs, 1) : 0;
    }
    // Counted first and judged by the count it returned, so failures racing on several instances cannot all pass.
    const { count, ttlMs } = await this.limits.hit(key, this.options.windowMs);
    return count > this.options.max ? Math.max(ttlMs, 1) : 0;
  }
}

/**
 * @fastify/rate-limit's `store` option: the per-IP sign-in limit counted in `limits`. The plugin makes the store
 * with its options and a child per route; every one counts in the same table.
 */
export function postgresRateLimitStore(limits: PostgresLimits): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    /** The route's path, so two limited routes keep apart counts, as the plugin's own store does. */
    #route = '';

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      limits.hit(`ip:${this.#route}:${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: { path: string }): FastifyRateLimitStore {
      const store = new PostgresRateLimitStore();
      store.#route = routeOptions.path;
      return store;
    }
  }
  return PostgresRateLimitStore;
}
