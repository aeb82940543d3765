/**
 * `npm run store:migrate` copies the file store's signed-in sessions into PostgreSQL with the rest
 * (docs/operations.md#migrating-from-the-file-store), so a move signs nobody out.
 */
import path from 'node:path';
import type pg from 'pg';
import { count, readIfPresent, type ImportItem } from '../storage/postgres/import-store';
import { parseSessions, SESSIONS_FILE } from './session-file';

/**
 * The signed-in sessions (CONFIG_DIR/sessions.json, digests only), so nobody is signed out by the move. Expired ones
 * are left out; a session the database already has keeps the later of the two expiries. A damaged file is refused
 * (the service would have moved it aside too): people sign in again, nothing else depends on it.
 */
export async function importSessions(client: pg.ClientBase, dir: string): Promise<ImportItem> {
  const subject = 'sessions';
  const bytes = await readIfPresent(path.join(dir, SESSIONS_FILE));
  if (!bytes) return { subject, outcome: 'absent', line: `${subject}: none in the file store` };
  const sessions = parseSessions(bytes.toString('utf8'));
  if (typeof sessions === 'string')
    return {
      subject,
      outcome: 'refused',
      line: `${subject}: refused: ${SESSIONS_FILE} ${sessions}; people sign in again after the move`,
    };
  const now = Date.now();
  const live = [...sessions].filter(([, session]) => session.expires > now);
  let copied = 0;
  for (const [sha256, session] of live) {
    const written = await client.query(
      `INSERT INTO sessions (sha256, username, role, expires) VALUES ($1, $2, $3, $4)
       ON CONFLICT (sha256) DO UPDATE SET expires = EXCLUDED.expires WHERE sessions.expires < EXCLUDED.expires`,
      [sha256, session.username, session.role, new Date(session.expires)],
    );
    copied += written.rowCount ?? 0;
  }
  const expired = sessions.size - live.length;
  const left = expired > 0 ? ` (${count(expired, 'expired session')} left out)` : '';
  if (copied === 0) return { subject, outcome: 'up-to-date', line: `${subject}: up to date${left}` };
  return { subject, outcome: 'copied', line: `${subject}: ${count(copied, 'session')} copied${left}` };
}
