/**
 * Brings a database's schema up to MIGRATIONS at open. Everything happens in one transaction holding a
 * transaction-level advisory lock, so instances starting together apply each migration once: the second waits for
 * the first to commit, then finds the work done. Applied migrations are recorded in schema_migrations.
 */
import type pg from 'pg';
import { MIGRATIONS, type Migration } from './migrations';

/** The advisory lock key of schema changes: any fixed 64-bit number no other user of the database takes. */
export const MIGRATION_LOCK = 7_305_231_964_821_505;

export class SchemaTooNewError extends Error {
  constructor(
    readonly databaseVersion: number,
    readonly knownVersion: number,
  ) {
    super(
      `the database's schema is at version ${databaseVersion}, newer than this service knows (${knownVersion}): run the newer service, or restore a backup made for this one`,
    );
    this.name = 'SchemaTooNewError';
  }
}

/** Applies the migrations the database lacks; returns their versions. */
export async function migrate(
  client: pg.PoolClient | pg.Client,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    const known = Math.max(0, ...migrations.map((m) => m.version));
    const newest = Math.max(0, ...applied);
    if (newest > known) throw new SchemaTooNewError(newest, known);
    const done: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    await client.query('COMMIT');
    return done;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
