/**
 * GET /api/presence/stream?document=<id> (docs/workflow.md#presence): server-sent events (text/event-stream)
 * for as long as the editor has the page open. The signed-in user counts as present on `document` (or on
 * none: the dashboard) while the stream lasts; every stream hears `event: presence` with the PresenceSnapshot
 * at connect and on each change, and a comment line every 15 s. The stream ends with its session: at once on a
 * sign-out or expiry, and within SESSION_RECHECK_MS however else the session goes (auth/session-connections.ts).
 */
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_IDS, isDocumentId, type DocumentId } from '../../schemas/validator/index';
import { SessionConnections } from '../auth/session-connections';
import type { SessionStore } from '../auth/sessions';
import { currentUser } from '../http/access';
import { ApiError } from '../http/errors';
import { PresenceHub } from '../presence/presence-hub';

/** A client that stops reading (a frozen tab) is dropped once this much is waiting for it, rather than held in memory. */
const MAX_BACKLOG_BYTES = 256 * 1024;

function documentParam(query: unknown): DocumentId | null {
  const value = (query as Record<string, unknown> | undefined)?.document;
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string')
    throw new ApiError(
      400,
      'bad-request',
      'give document once',
      'GET /api/presence/stream?document=de-DE, or no document for the dashboard',
    );
  if (!isDocumentId(value))
    throw new ApiError(
      400,
      'unknown-document',
      `unknown document ${JSON.stringify(value)}`,
      `document is one of ${DOCUMENT_IDS.join(', ')}, or absent for the dashboard`,
    );
  return value;
}

export function registerPresenceRoutes(
  app: FastifyInstance,
  sessions: SessionStore,
  hub: PresenceHub = new PresenceHub(),
): PresenceHub {
  const connections = new SessionConnections(sessions, { log: (error, what) => app.log.warn({ err: error }, what) });
  app.get('/api/presence/stream', { config: { access: 'viewer' } }, async (request, reply) => {
    const session = currentUser(request);
    // Everything that can refuse does so here, while the answer can still be a JSON error.
    const document = documentParam(request.query);
    const refused = hub.refusal(session.username);
    if (refused)
      throw new ApiError(
        refused.reason === 'closed' ? 503 : 429,
        'rate-limited',
        `no presence stream: ${refused.message}`,
        'presence is informative only; editing and saving work without it',
      );

    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      // Proxies that buffer responses (nginx) would hold the events back.
      'x-accel-buffering': 'no',
    });
    // Reconnect after 5 s when the connection drops (EventSource's default is about 3 s).
    response.write('retry: 5000\n\n');
    let close = () => {};
    const sink = {
      write(chunk: string) {
        if (response.writableEnded) return;
        if (response.writableLength > MAX_BACKLOG_BYTES) return close();
        response.write(chunk);
      },
      end() {
        if (!response.writableEnded) response.end();
      },
    };
    const opened = hub.open(session.username, document, sink);
    if (!opened.ok) return sink.end();
    // Signed out, expired or deleted: the stream ends with the session, and its user leaves everyone's picture.
    const release = connections.hold(session.id, opened.close);
    close = () => {
      release();
      opened.close();
    };
    // The response's close, not the request's: a GET's request stream ends as soon as it has been read.
    response.on('close', close);
  });
  // preClose: before the HTTP server stops accepting and waits for its open responses, which these would never end.
  app.addHook('preClose', async () => {
    await connections.close();
    await hub.close();
  });
  return hub;
}
