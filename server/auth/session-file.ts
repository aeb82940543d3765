/**
 * The file store's sessions: CONFIG_DIR/sessions.json, mode 0600, replaced atomically (storage/atomic-write.ts),
 * so a restart signs nobody out (docs/operations.md#sessions). Each entry holds the SHA-256 of the token (never the
 * token), the username, the role and the expiry:
 *
 *   {"format": "portal-shell/sessions@1", "sessions": [{"sha256": "…", "username": "anna", "role": "editor", "expires": "2025-…Z"}]}
 *
 * Sessions live in memory and the file follows: written at sign-in, sign-out and sweep, and for a slid expiry at
 * most once per SESSION_EXPIRY_WRITE_MS per session. A damaged file is logged and moved aside as
 * sessions.json.damaged (kept for whoever investigates; everyone signs in again), never fatal.
 */
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../storage/atomic-write';
import {
  newSessionToken,
  SESSION_EXPIRY_WRITE_MS,
  SESSION_IDLE_MS,
  SESSION_SWEEP_MS,
  SessionEndings,
  sessionDigest,
  type Session,
  type SessionStore,
} from './sessions';
import { ROLES, type Role } from './users-file';

export const SESSIONS_FILE = 'sessions.json';
export const SESSIONS_FORMAT = 'portal-shell/sessions@1';
export const SESSIONS_MODE = 0o600;

export type SessionLog = (level: 'info' | 'warn' | 'error', message: string) => void;

export interface FileSessionOptions {
  /** The store directory (CONFIG_DIR). */
  dir: string;
  log?: SessionLog;
  /** Keeps a loaded session only while its user still exists with that role; default: keep all. */
  accept?: (session: Session) => boolean;
  /** Test seam for the clock of the load and the periodic sweep. */
  now?: () => number;
  sweepEveryMs?: number;
}

export interface SessionFileLoad {
  /** Sessions restored from the file. */
  loaded: number;
  /** Expired sessions, and sessions whose user is gone or has another role, dropped at start. */
  dropped: number;
  /** The file could not be read as sessions: where it was moved, and why. */
  damaged?: { problem: string; keptAs: string | undefined };
}

/** A session as the file holds it: its id is the key it is held under. */
export type StoredSession = Omit<Session, 'id'>;

interface Entry extends StoredSession {
  /** The expiry the file holds for this session. */
  persisted: number;
}

export class FileSessionStore implements SessionStore {
  readonly file: string;
  readonly #log: SessionLog;
  readonly #now: () => number;
  /** By token digest. */
  readonly #sessions = new Map<string, Entry>();
  readonly #sweeper: NodeJS.Timeout;
  readonly #endings = new SessionEndings();
  #dirty = false;
  #writing: Promise<void> | undefined;

  private constructor(options: FileSessionOptions) {
    this.file = path.join(options.dir, SESSIONS_FILE);
    this.#log = options.log ?? (() => undefined);
    this.#now = options.now ?? Date.now;
    this.#sweeper = setInterval(() => this.#sweep(this.#now()), options.sweepEveryMs ?? SESSION_SWEEP_MS);
    this.#sweeper.unref();
  }

  static async open(options: FileSessionOptions): Promise<{ sessions: FileSessionStore; load: SessionFileLoad }> {
    await mkdir(options.dir, { recursive: true });
    const store = new FileSessionStore(options);
    const load = await store.#load(options.accept ?? (() => true));
    return { sessions: store, load };
  }

  async create(username: string, role: Role, now = Date.now()): Promise<string> {
    this.#dropExpired(now);
    const token = newSessionToken();
    const expires = now + SESSION_IDLE_MS;
    this.#sessions.set(sessionDigest(token), { username, role, expires, persisted: expires });
    await this.#persist('the sign-in');
    return token;
  }

  async get(token: string | undefined, now = Date.now()): Promise<Session | undefined> {
    if (!token) return undefined;
    const digest = sessionDigest(token);
    const entry = this.#sessions.get(digest);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.#end(digest);
      void this.#persist('an expired session');
      return undefined;
    }
    entry.expires = now + SESSION_IDLE_MS;
    if (entry.expires - entry.persisted >= SESSION_EXPIRY_WRITE_MS) void this.#persist("a session's new expiry");
    return { id: digest, username: entry.username, role: entry.role, expires: entry.expires };
  }

  async delete(token: string | undefined): Promise<void> {
    if (token && this.#end(sessionDigest(token))) await this.#persist('the sign-out');
  }

  async live(ids: readonly string[], now = Date.now()): Promise<Set<string>> {
    return new Set(ids.filter((id) => (this.#sessions.get(id)?.expires ?? 0) > now));
  }

  onEnded(listener: (id: string) => void): () => void {
    return this.#endings.add(listener);
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    if ([...this.#sessions.values()].some((e) => e.expires !== e.persisted))
      await this.#persist("the sessions' expiries");
    else await this.#writing;
  }

  async #load(accept: (session: Session) => boolean): Promise<SessionFileLoad> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { loaded: 0, dropped: 0 };
      // Unreadable (permissions): nobody's sessions are restored, and nothing overwrites the file unseen.
      return this.#damaged(`cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    const parsed = parseSessions(text);
    if (typeof parsed === 'string') return this.#damaged(parsed);
    const now = this.#now();
    let dropped = 0;
    for (const [digest, session] of parsed) {
      if (session.expires <= now || !accept({ id: digest, ...session })) dropped++;
      else this.#sessions.set(digest, { ...session, persisted: session.expires });
    }
    if (dropped > 0) await this.#persist('the sweep at start');
    return { loaded: this.#sessions.size, dropped };
  }

  async #damaged(problem: string): Promise<SessionFileLoad> {
    const keptAs = await this.#moveAside();
    this.#log(
      'error',
      `${this.file} ${problem}; ${keptAs ? `kept as ${keptAs}` : 'it could not be moved aside'}; everyone signed in before must sign in again${keptAs ? ` (delete ${path.basename(keptAs)} once it is of no more use)` : ''}`,
    );
    return { loaded: 0, dropped: 0, damaged: { problem, keptAs } };
  }

  /** Keeps the damaged file for whoever investigates; an older one is never replaced. */
  async #moveAside(): Promise<string | undefined> {
    let target = `${this.file}.damaged`;
    if (await stat(target).catch(() => undefined))
      target = `${this.file}.${new Date(this.#now()).toISOString().replace(/[:.]/g, '-')}.damaged`;
    try {
      await rename(this.file, target);
      return target;
    } catch {
      return undefined;
    }
  }

  #dropExpired(now: number): boolean {
    let dropped = false;
    for (const [digest, entry] of this.#sessions)
      if (entry.expires <= now) {
        this.#end(digest);
        dropped = true;
      }
    return dropped;
  }

  /** Forgets the session in memory (the caller writes the file) and tells who holds connections for it, at once. */
  #end(digest: string): boolean {
    if (!this.#sessions.delete(digest)) return false;
    this.#endings.ended(digest);
    return true;
  }

  #sweep(now: number): void {
    if (this.#dropExpired(now)) void this.#persist('the periodic sweep');
  }

  /**
   * Writes the sessions as they are in memory. Writes never overlap: one that comes during a write marks the file
   * dirty and the running write goes round once more, so every caller's change is on disk when its promise
   * settles. A failure (a full or read-only store) is logged, not thrown: the session works until a restart.
   */
  #persist(what: string): Promise<void> {
    this.#dirty = true;
    this.#writing ??= this.#drain(what);
    return this.#writing;
  }

  async #drain(what: string): Promise<void> {
    try {
      while (this.#dirty) {
        this.#dirty = false;
        const entries = [...this.#sessions];
        const written = entries.map(([, entry]) => entry.expires);
        await writeFileAtomic(this.file, renderSessions(entries), { mode: SESSIONS_MODE });
        // An expiry slid during the write is newer than the file: it stays due for the next write.
        entries.forEach(([, entry], i) => (entry.persisted = written[i]!));
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      this.#log(
        'warn',
        `${this.file} could not be written for ${what} (${code}); sessions keep working until the service restarts`,
      );
    } finally {
      // In the same step as the loop's last check: a change made after it finds no writer and starts one.
      this.#writing = undefined;
    }
  }
}

export function renderSessions(entries: readonly (readonly [string, StoredSession])[]): string {
  const sessions = entries.map(([digest, s]) => ({
    sha256: digest,
    username: s.username,
    role: s.role,
    expires: new Date(s.expires).toISOString(),
  }));
  return `${JSON.stringify({ format: SESSIONS_FORMAT, sessions }, null, 2)}\n`;
}

/** The sessions by digest, or what is wrong with the file. One bad entry makes the whole file suspect. */
export function parseSessions(text: string): Map<string, StoredSession> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `is not JSON (${(error as Error).message})`;
  }
  const { format, sessions } = (value ?? {}) as { format?: unknown; sessions?: unknown };
  if (format !== SESSIONS_FORMAT)
    return `is not a sessions file (format ${JSON.stringify(format)}, expected ${JSON.stringify(SESSIONS_FORMAT)})`;
  if (!Array.isArray(sessions)) return 'has no "sessions" list';
  const result = new Map<string, StoredSession>();
  for (const [i, item] of sessions.entries()) {
    const { sha256, username, role, expires } = (item ?? {}) as Record<string, unknown>;
    const time = typeof expires === 'string' ? Date.parse(expires) : NaN;
    if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256))
      return `sessions[${i}].sha256 is not a SHA-256 in hex`;
    if (typeof username !== 'string' || username === '') return `sessions[${i}].username is not a name`;
    if (!ROLES.includes(role as Role)) return `sessions[${i}].role is not one of ${ROLES.join(', ')}`;
    if (Number.isNaN(time)) return `sessions[${i}].expires is not a time`;
    result.set(sha256, { username, role: role as Role, expires: time });
  }
  return result;
}
