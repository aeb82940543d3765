/** /api/documents: list, read, save, history, restore, publish. Shapes and statuses: docs/api.md. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DocumentId, VersionMeta } from '../../schemas/contracts/index';
import type { DocumentService } from '../documents/document-service';
import { currentUser } from '../http/access';
import { ApiError } from '../http/errors';
import { ifNoneMatchHits, requireIfMatch } from '../http/etag';
import { documentIdParam, messageField, objectBody, versionQuery } from '../http/request-parsing';
import { TICKET_PATTERN } from '../storage/write-turns';
import { NEW_TICKET, type TurnRequest } from '../documents/turn-gate';

interface IdParams {
  id: string;
}

export interface DocumentRouteOptions {
  /** REQUIRE_APPROVAL: a single document is then published only through an approved change set (docs/workflow.md#approval). */
  requireApproval: boolean;
  /** After a save or restore committed a new draft: the change set carrying the document takes it (never throws). */
  draftCommitted?: (id: DocumentId, draft: { version: number; author: string }) => Promise<void>;
}

export function registerDocumentRoutes(
  app: FastifyInstance,
  service: DocumentService,
  options: DocumentRouteOptions = { requireApproval: false },
): void {
  const committed = async (id: DocumentId, saved: VersionMeta) => {
    await options.draftCommitted?.(id, { version: saved.version, author: saved.author });
  };

  app.get('/api/documents', { config: { access: 'viewer' } }, () => service.list());

  app.get<{ Params: IdParams; Querystring: { version?: unknown } }>(
    '/api/documents/:id',
    { config: { access: 'viewer' } },
    async (request, reply) => {
      const id = documentIdParam(request.params.id);
      const body = await service.read(id, versionQuery(request.query.version));
      reply.header('etag', body.etag);
      if (ifNoneMatchHits(request.headers['if-none-match'], body.version)) return reply.code(304).send();
      return body;
    },
  );

  app.put<{ Params: IdParams }>('/api/documents/:id', { config: { access: 'editor' } }, async (request, reply) => {
    const id = documentIdParam(request.params.id);
    const body = objectBody(
      request.body,
      ['content', 'message'],
      '{"content": {…the document…}, "message": "what changed"}',
    );
    if (!('content' in body))
      throw new ApiError(
        400,
        'bad-request',
        'body needs "content": the whole document',
        'send {"content": {…}, "message": "…"}',
      );
    const write = {
      author: currentUser(request).username,
      message: messageField(body.message),
      turn: turnRequest(request.headers['write-ticket'], reply),
    };
    if (request.headers['if-none-match']?.trim() === '*') {
      const created = await service.create(id, body.content, write);
      return reply
        .code(201)
        .header('etag', created.etag)
        .send({ id, ...created });
    }
    const saved = await service.save(
      id,
      body.content,
      requireIfMatch(request.headers['if-match'], `saving ${id}`),
      write,
    );
    await committed(id, saved);
    return reply.header('etag', saved.etag).send({ id, ...saved });
  });

  app.get<{ Params: IdParams }>('/api/documents/:id/history', { config: { access: 'viewer' } }, async (request) =>
    service.history(documentIdParam(request.params.id)),
  );

  app.post<{ Params: IdParams }>(
    '/api/documents/:id/restore',
    { config: { access: 'editor' } },
    async (request, reply) => {
      const id = documentIdParam(request.params.id);
      const body = objectBody(request.body, ['version', 'message'], '{"version": 3, "message": "why"}');
      const from = body.version;
      if (typeof from !== 'number' || !Number.isInteger(from) || from < 1)
        throw new ApiError(
          400,
          'bad-request',
          '"version" must be a version number (1, 2, …)',
          'see GET /api/documents/:id/history',
        );
      const restored = await service.restore(id, from, requireIfMatch(request.headers['if-match'], `restoring ${id}`), {
        author: currentUser(request).username,
        message: messageField(body.message),
        turn: turnRequest(request.headers['write-ticket'], reply),
      });
      await committed(id, restored);
      return reply.header('etag', restored.etag).send({ id, ...restored });
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/documents/:id/publish',
    { config: { access: 'editor' } },
    async (request, reply) => {
      const id = documentIdParam(request.params.id);
      // No body is needed; an empty object is accepted for clients that always send one.
      if (request.body !== undefined) objectBody(request.body, [], '{}');
      if (options.requireApproval)
        throw new ApiError(
          409,
          'approval-required',
          `publishing ${id} needs an approved change set`,
          'put the draft in a change set (POST /api/change-sets, or "Request review" in the editor), submit it, have someone else approve it, then publish the set',
        );
      const published = await service.publish(
        id,
        requireIfMatch(request.headers['if-match'], `publishing ${id}`),
        currentUser(request).username,
      );
      return reply.header('etag', published.etag).send(published);
    },
  );
}

/**
 * The Write-Ticket header of a save or restore (docs/api.md#write-turns): absent, `new`, or a ticket as issued; and
 * a signal that a client which went away while its save waited in line has let its place go.
 */
function turnRequest(header: string | string[] | undefined, reply: FastifyReply): TurnRequest {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return { ...writeTicket(header), signal: gone.signal };
}

function writeTicket(header: string | string[] | undefined): { ticket?: string } {
  if (header === undefined) return {};
  const ticket = Array.isArray(header) ? header[0] : header.trim();
  if (ticket === undefined || (ticket !== NEW_TICKET && !TICKET_PATTERN.test(ticket)))
    throw new ApiError(
      400,
      'bad-request',
      `Write-Ticket "${String(ticket).slice(0, 60)}" is neither "new" nor a ticket this service issues`,
      'send Write-Ticket: new to take part in the turns, then `turn.ticket` from the last 412 or 409 answer unchanged; or no Write-Ticket header at all',
    );
  return { ticket };
}
