/** /api/change-sets: list, create, read, act (docs/api.md#change-sets). The rules are server/workflow/. */
import type { FastifyInstance } from 'fastify';
import { changeSetEtag } from '../../schemas/contracts/index';
import { currentUser } from '../http/access';
import { actionBody, changeSetIdParam, createBody, ifMatchRevision } from '../workflow/change-set-input';
import type { ChangeSetService } from '../workflow/change-set-service';

interface IdParams {
  id: string;
}

export function registerChangeSetRoutes(app: FastifyInstance, changeSets: ChangeSetService): void {
  app.get('/api/change-sets', { config: { access: 'viewer' } }, () => changeSets.list());

  // Editors only: the access rule refuses approvers and viewers with a 403 that says what they may do instead.
  app.post('/api/change-sets', { config: { access: 'editor' } }, async (request, reply) => {
    const { title, documents } = createBody(request.body);
    const created = await changeSets.create(title, documents, currentUser(request));
    return reply
      .code(201)
      .header('etag', changeSetEtag(created.revision))
      .header('location', `/api/change-sets/${created.id}`)
      .send(created);
  });

  app.get<{ Params: IdParams }>('/api/change-sets/:id', { config: { access: 'viewer' } }, async (request, reply) => {
    const set = await changeSets.get(changeSetIdParam(request.params.id));
    const etag = changeSetEtag(set.revision);
    reply.header('etag', etag);
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
    return set;
  });

  // Any signed-in user may comment; which role may take which action is the rules' (server/workflow/change-set-rules.ts).
  app.post<{ Params: IdParams }>(
    '/api/change-sets/:id/actions',
    { config: { access: 'viewer' } },
    async (request, reply) => {
      const id = changeSetIdParam(request.params.id);
      const action = actionBody(request.body);
      const revision = ifMatchRevision(request.headers['if-match']);
      const next = await changeSets.act(id, action, revision, currentUser(request));
      return reply.header('etag', changeSetEtag(next.revision)).send(next);
    },
  );
}
