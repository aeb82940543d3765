/** /api/documents: list, read, save, history, restore, publish. Shapes and statuses: docs/api.md. */
import type { FastifyInstance } from 'fastify';
import type { DocumentId, VersionMeta } from '../../schemas/contracts/index';
import type { DocumentService } from '../documents/document-service';
import { currentUser } from '../http/access';
import { ApiError } from '../http/errors';
import { ifNoneMatchHits, requireIfMatch } from '../http/etag';
import { documentIdParam, messageField, objectBody, versionQuery } from '../http/request-parsing';

interface IdParams {
  id: string;
}

export interface DocumentRouteOptions {
  /** REQUIRE_APPROVAL: a single document is then published only through an approved change set (docs/workflow.md#approval). */
  requireApproval: boolean;
  /** After a save or restore committed a new draft: the change set carrying the document takes it (never throws). */
  draftCommitted?: (id: DocumentId, draft: { version: number; author: string }) => Promise<void>;
}

export function registerDocumentRoutes(app: FastifyInstance, service: DocumentService, options: DocumentRouteOptions = { requireApproval: false }): void {
  const committed = async (id: DocumentId, saved: VersionMeta) => {
    await options.draftCommitted?.(id, { version: saved.version, author: saved.author });
  };

  app.get('/api/documents', { config: { access: 'viewer' } }, () => service.list());

  app.get<{ Params: IdParams; Querystring: { version?: unknown } }>('/api/documents/:id', { config: { access: 'viewer' } }, async (request, reply) => {
    const id = documentIdParam(request.params.id);
    const body = await service.read(id, versionQuery(request.query.version));
    reply.header('etag', body.etag);
    if (ifNoneMatchHits(request.headers['if-none-match'], body.version)) return reply.code(304).send();
    return body;
  });

  app.put<{ Params: IdParams }>('/api/documents/:id', { config: { access: 'editor' } }, async (request, reply) => {
    const id = documentIdParam(request.params.id);
    const body = objectBody(request.body, ['content', 'message'], '{"content": {…the document…}, "message": "what changed"}');
    if (!('content' in body)) throw new ApiError(400, 'bad-request', 'body needs "content": the whole document', 'send {"content": {…}, "message": "…"}');
    const write = { author: currentUser(request).username, message: messageField(body.message) };
    if (request.headers['if-none-match']?.trim() === '*') {
      const created = await service.create(id, body.content, write);
      return reply.code(201).header('etag', created.etag).send({ id, ...created });
    }
    const saved = await service.save(id, body.content, requireIfMatch(request.headers['if-match'], `saving ${id}`), write);
    await committed(id, saved);
    return reply.header('etag', saved.etag).send({ id, ...saved });
  });

  app.get<{ Params: IdParams }>('/api/documents/:id/history', { config: { access: 'viewer' } }, async (request) => service.history(documentIdParam(request.params.id)));

  app.post<{ Params: IdParams }>('/api/documents/:id/restore', { config: { access: 'editor' } }, async (request, reply) => {
    const id = documentIdParam(request.params.id);
    const body = objectBody(request.body, ['version', 'message'], '{"version": 3, "message": "why"}');
    const from = body.version;
    if (typeof from !== 'number' || !Number.isInteger(from) || from < 1) throw new ApiError(400, 'bad-request', '"version" must be a version number (1, 2, …)', 'see GET /api/documents/:id/history');
    const restored = await service.restore(id, from, requireIfMatch(request.headers['if-match'], `restoring ${id}`), { author: currentUser(request).username, message: messageField(body.message) });
    await committed(id, restored);
    return reply.header('etag', restored.etag).send({ id, ...restored });
  });

  app.post<{ Params: IdParams }>('/api/documents/:id/publish', { config: { access: 'editor' } }, async (request, reply) => {
    const id = documentIdParam(request.params.id);
    // No body is needed; an empty object is accepted for clients that always send one.
    if (request.body !== undefined) objectBody(request.body, [], '{}');
    if (options.requireApproval)
      throw new ApiError(409, 'approval-required', `publishing ${id} needs an approved change set`, 'put the draft in a change set (POST /api/change-sets, or "Request review" in the editor), submit it, have someone else approve it, then publish the set');
    const published = await service.publish(id, requireIfMatch(request.headers['if-match'], `publishing ${id}`), currentUser(request).username);
    return reply.header('etag', published.etag).send(published);
  });
}
