/**
 * Server-side sessions behind an opaque random cookie (docs/operations.md#sessions). The store is an interface so each
 * document store brings its own: the file store keeps them in CONFIG_DIR/sessions.json (session-file.ts), so a
 * restart signs nobody out. Only a SHA-256 of each token is kept: whoever reads the store cannot sign in with it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from './users-file';

export const SESSION_COOKIE = 'portal_session';
/** Sliding idle timeout; an editing day without a break still stays signed in. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/**
 * A request slides the expiry in memory; the new expiry is written at most this often per session, so a busy
 * editor costs no write per request. A restart loses at most this much of the slide, out of SESSION_IDLE_MS.
 */
export const SESSION_EXPIRY_WRITE_MS = 60 * 1000;
/** How often expired sessions are swept from the store besides at start, at sign-in and on use. */
export const SESSION_SWEEP_MS = 10 * 60 * 1000;
/**
 * How often the connections held for sessions (presence streams) ask the store whether their sessions still live
 * (auth/session-connections.ts): what no "ended" notice announced, such as a row deleted by hand, an idle expiry or
 * a notification lost while the database was away, ends them within this (docs/workflow.md#presence).
 */
export const SESSION_RECHECK_MS = 2_000;

export interface Session {
  /** The SHA-256 of the token, as the store keys the session: it names the session without letting anyone sign in. */
  id: string;
  username: string;
  role: Role;
  /** Epoch milliseconds. */
  expires: number;
}

export interface SessionStore {
  /** A new session; the token goes into the cookie and nowhere else. */
  create(username: string, role: Role, now?: number): Promise<string>;
  /** The live session the token names, its expiry slid forward; undefined for an unknown or expired token. */
  get(token: string | undefined, now?: number): Promise<Session | undefined>;
  /** Signs out: the token no longer names a session, now and after a restart. */
  delete(token: string | undefined): Promise<void>;
  /** Which of `ids` (Session.id) still name a live session, for the re-check of long-lived connections. */
  live(ids: readonly string[], now?: number): Promise<Set<string>>;
  /**
   * Calls `listener` with the id of each session that ends: signed out, expired, replaced at sign-in, dropped;
   * with a database, on any instance. Returns the function that stops the calls.
   */
  onEnded(listener: (id: string) => void): () => void;
  /** Writes what is still only in memory (slid expiries) and stops the periodic sweep. */
  close(): Promise<void>;
}

/** The listeners of SessionStore.onEnded, for the stores to share. */
export class SessionEndings {
  readonly #listeners = new Set<(id: string) => void>();

  add(listener: (id: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  ended(id: string): void {
    for (const listener of [...this.#listeners]) listener(id);
  }
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps in place of the token. 256 random bits need no salt or slow hash. */
export function sessionDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
