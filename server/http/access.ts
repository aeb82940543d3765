/**
 * Deny by default. Every route states who may call it in `config.access`; a route that states
 * nothing is closed to everyone, so forgetting the rule fails safe.
 *   public: anyone · viewer: any signed-in user · approver: editors and approvers (sign-off on change sets,
 *   docs/workflow.md#approval) · editor: content managers, the only role that edits.
 */
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE, type Session, type SessionStore } from '../auth/sessions';
import { ROLES, type Role } from '../auth/users-file';
import { ApiError } from './errors';

export type Access = 'public' | 'viewer' | 'approver' | 'editor';

/** The roles each signed-in access level admits. */
const ADMITTED: Record<Exclude<Access, 'public'>, readonly Role[]> = {
  viewer: ROLES,
  approver: ['editor', 'approver'],
  editor: ['editor'],
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, when the session cookie names a live session. */
    session?: Session;
  }
}

export function installAccessControl(app: FastifyInstance, sessions: SessionStore): void {
  app.addHook('onRequest', async (request) => {
    // Unrouted requests go to the not-found handler, which answers 404 without revealing anything.
    if (request.is404) return;
    const session = await sessions.get(request.cookies[SESSION_COOKIE]);
    if (session) request.session = session;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (access === undefined)
      throw new ApiError(403, 'forbidden', 'this endpoint declares no access rule, so it is closed');
    if (!session)
      throw new ApiError(401, 'unauthenticated', 'sign in first', 'POST /api/session with {"username", "password"}');
    if (!ADMITTED[access].includes(session.role)) throw forbidden(session, access);
  });
}

/** The signed-in user of a route whose access rule already required one. */
export function currentUser(request: { session?: Session }): Session {
  if (!request.session) throw new ApiError(401, 'unauthenticated', 'sign in first');
  return request.session;
}

/** 403 naming what the role may do instead, so an approver learns why an edit is refused. */
function forbidden(session: Session, needs: Exclude<Access, 'public'>): ApiError {
  const who = `${session.username} is ${session.role === 'approver' || session.role === 'editor' ? 'an' : 'a'} ${session.role}`;
  const needed =
    needs === 'approver' ? 'an editor or an approver' : needs === 'editor' ? 'an editor' : 'a signed-in user';
  const hint =
    session.role === 'approver'
      ? 'approvers review, comment on, approve, schedule and publish approved change sets, but never edit; ask a content manager to make changes'
      : 'viewers can read, preview, see history and comment on change sets; ask a content manager to make changes';
  return new ApiError(403, 'forbidden', `${who}; this needs ${needed}`, hint);
}
