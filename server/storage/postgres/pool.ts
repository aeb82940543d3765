/**
 * Where a database-backed part gets its connections: from its own pool (tests, tools), or lent by the store, so a
 * running instance holds ONE pool for documents, sessions and sign-in limits (docs/operations.md#several-instances).
 */
import pg from 'pg';

export type PoolSource = { connectionString: string; connectTimeoutMs?: number } | { pool: pg.Pool };

export interface HeldPool {
  pool: pg.Pool;
  /** Ends the pool when it was opened here; a lent pool is its lender's to end. */
  release(): Promise<void>;
}

export function holdPool(source: PoolSource, ownSize: number): HeldPool {
  if ('pool' in source) return { pool: source.pool, release: () => Promise.resolve() };
  const pool = new pg.Pool({
    connectionString: source.connectionString,
    max: ownSize,
    connectionTimeoutMillis: source.connectTimeoutMs ?? 5_000,
  });
  // An idle connection that breaks is dropped by the pool; without a handler its 'error' would end the process.
  pool.on('error', () => undefined);
  return { pool, release: () => pool.end().catch(() => undefined) };
}
