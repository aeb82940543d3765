/**
 * Share links (docs/workflow.md#sharing-a-preview): editors and approvers create and revoke them on a change
 * set; anyone holding one opens the set's drafts read-only through GET /api/shares/:token, which /preview?share=
 * calls without an account.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../http/access';
import { ApiError } from '../http/errors';
import type { ShareService } from '../workflow/share-service';

export interface ShareOpenLimit {
  /** Openings per client address per window: a link is opened by people, a guesser needs millions of tries. */
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_SHARE_OPEN_LIMIT: ShareOpenLimit = { max: 60, timeWindowMs: 60_000 };

/** Creating and revoking need access 'approver' (editors and approvers): those who may edit a set or sign it off may show it outside. */
export function registerShareRoutes(
  app: FastifyInstance,
  shares: ShareService,
  limit: ShareOpenLimit = DEFAULT_SHARE_OPEN_LIMIT,
): void {
  app.post<{ Params: { id: string } }>(
    '/api/change-sets/:id/shares',
    { config: { access: 'approver' } },
    async (request, reply) => {
      const author = currentUser(request).username;
      const created = await shares.create(request.params.id, request.body, author);
      request.log.info(
        { changeSet: request.params.id, share: created.share.id, by: author, expiresAt: created.share.expiresAt },
        'share link created',
      );
      return reply.code(201).send(created);
    },
  );

  app.delete<{ Params: { id: string; shareId: string } }>(
    '/api/change-sets/:id/shares/:shareId',
    { config: { access: 'approver' } },
    async (request) => {
      const author = currentUser(request).username;
      const record = await shares.revoke(request.params.id, request.params.shareId, author);
      request.log.info({ changeSet: request.params.id, share: record.id, by: author }, 'share link revoked');
      return record;
    },
  );

  // A wildcard, not `:token`: route parameters stop at 100 characters (Fastify's maxParamLength) and a token is
  // about 160; share-links.ts bounds its length instead.
  app.get<{ Params: { '*': string } }>(
    '/api/shares/*',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: limit.max,
          timeWindow: limit.timeWindowMs,
          errorResponseBuilder: (_request, context) =>
            new ApiError(
              429,
              'rate-limited',
              `too many share links opened from this address (${context.max} a minute)`,
              `wait ${context.after} and try again`,
            ),
        },
      },
    },
    async (request, reply) => {
      let opened;
      try {
        opened = await shares.open(request.params['*']);
      } catch (error) {
        // Refusals too: an expired or revoked link still being opened is worth knowing about.
        if (error instanceof ApiError) request.log.info({ code: error.code, ip: request.ip }, 'share link refused');
        throw error;
      }
      // Every opening is logged (docs/workflow.md#sharing-a-preview): the record says who the link was for.
      request.log.info(
        { changeSet: opened.shared.changeSet.id, share: opened.share.id, note: opened.share.note, ip: request.ip },
        'share link opened',
      );
      // The drafts are not public: no shared cache may keep them past a revocation.
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return opened.shared;
    },
  );
}
