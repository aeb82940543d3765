/**
 * Server-side sessions behind an opaque random cookie. Held in memory: a restart signs everyone
 * out, which is acceptable for an editor tool and keeps no session secrets on disk.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from './users-file';

export const SESSION_COOKIE = 'portal_session';
/** Sliding idle timeout; an editing day without a break still stays signed in. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;

export interface Session {
  username: string;
  role: Role;
  expires: number;
}

export class SessionStore {
  readonly #sessions = new Map<string, Session>();

  create(username: string, role: Role, now = Date.now()): string {
    this.#sweep(now);
    const token = randomBytes(32).toString('base64url');
    this.#sessions.set(token, { username, role, expires: now + SESSION_IDLE_MS });
    return token;
  }

  get(token: string | undefined, now = Date.now()): Session | undefined {
    if (!token) return undefined;
    const session = this.#sessions.get(token);
    if (!session) return undefined;
    if (session.expires <= now) {
      this.#sessions.delete(token);
      return undefined;
    }
    session.expires = now + SESSION_IDLE_MS;
    return session;
  }

  delete(token: string | undefined): void {
    if (token) this.#sessions.delete(token);
  }

  #sweep(now: number): void {
    for (const [token, session] of this.#sessions) if (session.expires <= now) this.#sessions.delete(token);
  }
}
