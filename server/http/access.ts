/**
 * Deny by default. Every route states who may call it in `config.access`; a route that states
 * nothing is closed to everyone, so forgetting the rule fails safe.
 *   public: anyone · viewer: any signed-in user (product owners and content managers) · editor: content managers.
 */
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE, type Session, type SessionStore } from '../auth/sessions';
import { ApiError } from './errors';

export type Access = 'public' | 'viewer' | 'editor';

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
    const session = sessions.get(request.cookies[SESSION_COOKIE]);
    if (session) request.session = session;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (access === undefined) throw new ApiError(403, 'forbidden', 'this endpoint declares no access rule, so it is closed');
    if (!session) throw new ApiError(401, 'unauthenticated', 'sign in first', 'POST /api/session with {"username", "password"}');
    if (access === 'editor' && session.role !== 'editor')
      throw new ApiError(403, 'forbidden', `${session.username} is a ${session.role}; this needs an editor`, 'product owners can read, preview and see history; ask a content manager to make changes');
  });
}

/** The signed-in user of a route whose access rule already required one. */
export function currentUser(request: { session?: Session }): Session {
  if (!request.session) throw new ApiError(401, 'unauthenticated', 'sign in first');
  return request.session;
}
