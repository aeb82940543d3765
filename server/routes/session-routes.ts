/** /api/session: sign in, who am I, sign out. */
import type { FastifyInstance } from 'fastify';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import { AccountThrottle, type AccountLimiter } from '../auth/account-throttle';
import { SESSION_COOKIE, type SessionStore } from '../auth/sessions';
import { signInUsers, type UsersLoad } from '../auth/users-file';
import { currentUser } from '../http/access';
import { ApiError } from '../http/errors';
import { objectBody } from '../http/request-parsing';

export interface SignInLimit {
  /** Attempts per client IP per window, successful or not; also failed attempts per account (auth/account-throttle.ts). */
  max: number;
  timeWindowMs: number;
}

/**
 * `perAccount` counts failed sign-ins per account: by default in this process's memory; with several instances on one
 * database, in the database (auth/throttle-postgres.ts), as the per-IP limit then is (the rate-limit plugin's store).
 */
export function registerSessionRoutes(
  app: FastifyInstance,
  users: UsersLoad,
  sessions: SessionStore,
  limit: SignInLimit,
  perAccount: AccountLimiter = new AccountThrottle({ max: limit.max, windowMs: limit.timeWindowMs }),
): void {
  app.post(
    '/api/session',
    { config: { access: 'public', rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } } },
    async (request, reply) => {
      const body = objectBody(
        request.body,
        ['username', 'password'],
        '{"username": "content-manager", "password": "…"}',
      );
      const { username, password } = body;
      if (
        typeof username !== 'string' ||
        typeof password !== 'string' ||
        username.length > 200 ||
        password.length > 1000
      )
        throw new ApiError(400, 'bad-request', 'username and password must be strings');
      // A damaged users.json answers 503 users-file-damaged, naming the problem and the repair.
      const user = signInUsers(users).get(username);
      // Hash even for unknown names, so response time does not tell which usernames exist.
      const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      // Checked after hashing, and for unknown names alike: neither the answer nor its timing tells whether the account exists.
      const waitMs = await perAccount.attempt(username, Boolean(user && ok));
      if (waitMs > 0) {
        reply.header('retry-after', Math.ceil(waitMs / 1000));
        throw new ApiError(
          429,
          'rate-limited',
          `too many failed sign-ins for ${JSON.stringify(username)} from all addresses together`,
          `wait ${Math.ceil(waitMs / 1000)} s and try again`,
        );
      }
      if (!user || !ok) {
        throw new ApiError(401, 'invalid-credentials', 'wrong username or password');
      }
      await sessions.delete(request.cookies[SESSION_COOKIE]);
      const token = await sessions.create(user.username, user.role);
      // A browser-session cookie: the server enforces the idle timeout, so the cookie needs no expiry of its own.
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/',
        secure: request.protocol === 'https',
      });
      return { username: user.username, role: user.role };
    },
  );

  app.get('/api/session', { config: { access: 'viewer' } }, async (request) => {
    const { username, role } = currentUser(request);
    return { username, role };
  });

  app.delete('/api/session', { config: { access: 'public' } }, async (request, reply) => {
    // Gone from the store before the answer: the token does not come back after a restart.
    await sessions.delete(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      secure: request.protocol === 'https',
    });
    return reply.code(204).send();
  });
}
