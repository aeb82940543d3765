/**
 * Builds the config service: store, users, sessions, API, published configs and the frontend, on
 * one Fastify instance. Everything it needs comes in through AppOptions (server/env.ts reads the
 * environment), so tests start real servers on temp directories with no globals.
 */
import { mkdir } from 'node:fs/promises';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { getValidators } from '../schemas/validator/index';
import { FileSessionStore, type SessionFileLoad, type SessionLog } from './auth/session-file';
import { PostgresSessionStore } from './auth/session-postgres';
import type { SessionStore } from './auth/sessions';
import { PostgresAccountThrottle, PostgresLimits, postgresRateLimitStore } from './auth/throttle-postgres';
import { loadUsers, saveCreatedUsers, signInUsers, type Role, type UsersLoad } from './auth/users-file';
import { DocumentService } from './documents/document-service';
import { seedStore, type SeedReport } from './documents/seed';
import type { Frontend } from './frontend/frontend';
import { registerFrontendRoutes } from './frontend/frontend';
import { DEFAULT_PAGE_CACHE_MB } from './render/page-cache';
import { PortalPages } from './render/portal-pages';
import { installAccessControl } from './http/access';
import { allowedHostLookup, installHostCheck, type AllowedHost } from './http/allowed-hosts';
import { installForwardedHeaderCheck, type ProxyTrust } from './http/forwarded-headers';
import { publicOriginOf } from './http/public-origin';
import type { TrustProxy } from './env';
import proxyAddr from '@fastify/proxy-addr';
import { deepBodyError } from './http/body-depth';
import { installCompression } from './http/compression';
import { installCsrfCheck } from './http/csrf';
import { ApiError, installErrorHandler } from './http/errors';
import { registerChangeSetRoutes } from './routes/change-set-routes';
import { registerPresenceRoutes } from './routes/presence-routes';
import { PresenceHub } from './presence/presence-hub';
import { PostgresPresenceExchange } from './presence/presence-postgres';
import { registerShareRoutes } from './routes/share-routes';
import { ShareService } from './workflow/share-service';
import { registerDocumentRoutes } from './routes/document-routes';
import { registerHealthRoutes } from './routes/health-routes';
import { registerPublishedRoutes } from './routes/published-routes';
import { registerSessionRoutes, type SignInLimit } from './routes/session-routes';
import type { WriteFaults } from './storage/atomic-write';
import { FileStore, type FileStoreRecovery } from './storage/file-store';
import { PostgresStore } from './storage/postgres/index';
import type { DocumentStore } from './storage/store';
import { StorageProbe, type StorageCheck } from './storage/storage-probe';
import { ChangeSetService } from './workflow/change-set-service';
import { ChangeSetScheduler } from './workflow/scheduler';

/** Documents are tens of kilobytes; 512 KiB leaves room without inviting memory abuse. */
export const DEFAULT_BODY_LIMIT = 512 * 1024;
export const DEFAULT_SIGN_IN_LIMIT: SignInLimit = { max: 10, timeWindowMs: 60_000 };

export interface AppOptions {
  /** The store directory (CONFIG_DIR). */
  configDir: string;
  /** Read-only seed source, normally the repo's config/. */
  seedDir: string;
  /** Builds the frontend once the Fastify instance exists (Vite needs its HTTP server). Default: none. */
  frontend?: (app: FastifyInstance) => Promise<Frontend>;
  bodyLimit?: number;
  signInLimit?: SignInLimit;
  demoPasswords?: Partial<Record<Role, string>>;
  /** Test seam: injected write failures in the store. */
  faults?: WriteFaults;
  logger?: FastifyServerOptions['logger'];
  /**
   * Bind this address before users.json is written, so a start that cannot bind (port in use)
   * leaves no file behind whose generated passwords were never shown. Without it, the caller listens.
   */
  listen?: { port: number; host: string };
  /** ALLOWED_HOSTS; default: the listen host and the loopback names, with the port (http/allowed-hosts.ts). */
  allowedHosts?: readonly AllowedHost[];
  /**
   * Four-eyes approval of change sets before anything is published (docs/workflow.md#approval). The environment
   * turns it on unless REQUIRE_APPROVAL=0 (server/env.ts); a caller of createApp that says nothing (most tests,
   * which publish single documents) gets it off.
   */
  requireApproval?: boolean;
  /**
   * DATABASE_URL: documents, change sets and sessions in PostgreSQL instead of CONFIG_DIR's files
   * (docs/operations.md#postgresql). users.json and the storage probe stay in configDir; no directory lock is taken.
   */
  databaseUrl?: string;
  /**
   * TRUST_PROXY: believe these proxies' X-Forwarded-For and X-Forwarded-Proto, so the per-address sign-in limit
   * counts clients rather than the load balancer, and the session cookie is Secure behind TLS termination
   * (docs/operations.md#behind-a-proxy).
   */
  trustProxy?: TrustProxy;
  /**
   * PUBLIC_ORIGIN: the origin every absolute URL of the pages begins with; default: the first allowed host, else the
   * listen address (http/public-origin.ts, docs/operations.md#the-public-origin).
   */
  publicOrigin?: string;
  /** PAGE_CACHE_MB in bytes: the server-rendered pages kept (docs/operations.md#the-page-cache). Default DEFAULT_PAGE_CACHE_MB. */
  pageCacheBytes?: number;
  /**
   * RENDER_THREADS: the threads that render portal pages off the event loop (docs/operations.md#render-threads). The
   * environment gives one less than the cores, from 1 to 4 (server/env.ts); a caller that says nothing (most tests)
   * renders in the main thread.
   */
  renderThreads?: number;
}

/** The store the app runs on, whichever it is; the app closes it when it closes. */
export type AppStore = DocumentStore & { close(): Promise<void> };

/** Nothing to report: what a store that is not the file store recovered at open. */
const NO_RECOVERY: FileStoreRecovery = { tempFilesRemoved: 0, findings: [], lock: {} };

export interface StartedApp {
  app: FastifyInstance;
  store: AppStore;
  service: DocumentService;
  /** The signed-in sessions (file or database, as the store is). */
  sessions: SessionStore;
  /** Settles when the start's fragment render has written its files (docs/rendering.md#fragments). */
  fragments: Promise<string[]>;
  /** Change sets and their scheduled publications; `scheduled` settles once the start published what fell due. */
  workflow: { changeSets: ChangeSetService; scheduler: ChangeSetScheduler; scheduled: Promise<void> };
  startup: {
    recovery: FileStoreRecovery;
    seed: SeedReport;
    users: UsersLoad;
    storage: StorageCheck;
    sessions: SessionFileLoad;
  };
}

export async function createApp(options: AppOptions): Promise<StartedApp> {
  // Compile the schemas now rather than inside the first save, which would otherwise take ~0.5 s.
  getValidators();
  const { store, recovery } = await openStore(options);
  const started: Started = {};
  try {
    return await assemble(options, store, recovery, started);
  } catch (error) {
    // A start that fails after the open (a port in use) writes nothing more and lets go of the directory before
    // the process exits.
    await started.fragments?.catch(() => undefined);
    await started.sessions?.close();
    await started.limits?.close();
    await store.close();
    throw error;
  }
}

/**
 * PostgreSQL when databaseUrl is set (several instances share it, so no lock); otherwise the file store, which takes
 * CONFIG_DIR/store.lock: a second process on the same directory stops here (docs/operations.md#one-owner).
 */
async function openStore(options: AppOptions): Promise<{ store: AppStore; recovery: FileStoreRecovery }> {
  if (options.databaseUrl) {
    // users.json still lives in CONFIG_DIR, which the file store would have made.
    await mkdir(options.configDir, { recursive: true });
    return { store: await PostgresStore.open({ connectionString: options.databaseUrl }), recovery: NO_RECOVERY };
  }
  return FileStore.open({ dir: options.configDir, ...(options.faults ? { faults: options.faults } : {}) });
}

/**
 * TRUST_PROXY as one function, which Fastify and the forwarded-header check (http/forwarded-headers.ts) both apply. A
 * hop count trusts that many proxies nearest the service, whatever their address (proxy-addr's hop index).
 */
function proxyTrust(trust: TrustProxy | undefined): ProxyTrust | undefined {
  if (trust === undefined) return undefined;
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : proxyAddr.compile(trust);
}

/** The sessions that go with the store: in the database for PostgreSQL (on the store's pool), else CONFIG_DIR/sessions.json. */
function openSessions(
  options: AppOptions,
  store: AppStore,
  log: SessionLog,
  accept: (session: { username: string; role: Role }) => boolean,
): Promise<{ sessions: SessionStore; load: SessionFileLoad }> {
  if (store instanceof PostgresStore)
    return PostgresSessionStore.open({ pool: store.pool, log, accept, notices: store });
  return FileSessionStore.open({ dir: options.configDir, log, accept });
}

/** What a failed start must wait for or close. */
interface Started {
  fragments?: Promise<unknown>;
  sessions?: SessionStore;
  limits?: PostgresLimits;
}

async function assemble(
  options: AppOptions,
  store: AppStore,
  recovery: FileStoreRecovery,
  started: Started,
): Promise<StartedApp> {
  const service = new DocumentService(store);
  const seed = await seedStore(store, service, options.seedDir);
  // The fragments follow the markup of the release that runs (docs/rendering.md#fragments). Rendered in the
  // background: loading the render tree must not delay the start; a publish waits for it (one at a time).
  const fragments = service.refreshFragments();
  started.fragments = fragments;
  // A damaged users.json is reported (sign-in 503, readiness, banner), never fatal: customers do not need it.
  const users = await loadUsers(options.configDir, options.demoPasswords);
  // A full or read-only store still serves what it holds; readiness and the banner say it is degraded.
  const storageProbe = new StorageProbe(options.configDir, options.faults ? { faults: options.faults } : {});
  const storage = await storageProbe.check();

  const trust = proxyTrust(options.trustProxy);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: trust ?? false,
  });
  if (recovery.lock.tookOver) {
    const { pid, hostname, startedAt } = recovery.lock.tookOver;
    app.log.warn(
      `took over ${options.configDir}/store.lock of pid ${pid} on ${hostname} (since ${startedAt}): that process is gone`,
    );
  }
  if (recovery.lock.unavailable)
    app.log.warn(
      `${recovery.lock.unavailable}; this process cannot tell whether another one uses ${options.configDir}`,
    );
  // Sessions survive a restart (docs/operations.md#sessions); one whose user is gone or has another role is dropped.
  const { sessions, load: sessionLoad } = await openSessions(
    options,
    store,
    (level, message) => app.log[level](message),
    (session) => users.damage !== undefined || signInUsers(users).get(session.username)?.role === session.role,
  );
  started.sessions = sessions;
  installErrorHandler(app);
  configureBodyParsers(app);
  app.setNotFoundHandler((request) => {
    throw new ApiError(404, 'not-found', `no route ${request.method} ${request.url.split('?')[0]}`);
  });
  await app.register(cookie);
  // With a database, both sign-in limits count there, so several instances share them (docs/operations.md#several-instances).
  const signInLimit = options.signInLimit ?? DEFAULT_SIGN_IN_LIMIT;
  const limits =
    store instanceof PostgresStore
      ? new PostgresLimits({
          pool: store.pool,
          windowMs: signInLimit.timeWindowMs,
          log: (error, what) => app.log.error({ err: error }, what),
        })
      : undefined;
  started.limits = limits;
  await app.register(rateLimit, { global: false, ...(limits ? { store: postgresRateLimitStore(limits) } : {}) });
  // Before every route: the plugin hooks the routes registered after it.
  await installCompression(app);
  // Order matters: forwarded headers that are not believed go first, then the Host allow-list, then cross-site refusal
  // before anything reads the session, then the access rule.
  const allowedHost = allowedHostLookup(app, {
    host: options.listen?.host,
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
  });
  installForwardedHeaderCheck(app, { trust, allowedHost, log: (message) => app.log.warn(message) });
  installHostCheck(app, allowedHost);
  installCsrfCheck(app);
  installAccessControl(app, sessions);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'same-origin');
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  registerHealthRoutes(app, { storage: storageProbe, users, store, database: Boolean(options.databaseUrl) });
  registerSessionRoutes(
    app,
    users,
    sessions,
    signInLimit,
    limits && new PostgresAccountThrottle(limits, { max: signInLimit.max, windowMs: signInLimit.timeWindowMs }),
  );
  const requireApproval = options.requireApproval ?? false;
  const changeSets = new ChangeSetService(store, service, { requireApproval });
  registerDocumentRoutes(app, service, {
    requireApproval,
    draftCommitted: (id, draft) => changeSets.memberSaved(id, draft),
  });
  registerChangeSetRoutes(app, changeSets);
  registerShareRoutes(app, new ShareService(store, { exclusive: (work) => changeSets.exclusive(work) }));
  // With a database, presence is shared by the instances on it (docs/operations.md#several-instances).
  const presenceExchange =
    store instanceof PostgresStore
      ? new PostgresPresenceExchange(store, { log: (error, what) => app.log.warn({ err: error }, what) })
      : undefined;
  registerPresenceRoutes(app, sessions, new PresenceHub({}, undefined, presenceExchange));
  registerPublishedRoutes(app, store);
  const scheduler = new ChangeSetScheduler(changeSets);
  // Closing waits for the scheduler and the start's fragment render, so neither writes into a store that is gone;
  // then the sessions' slid expiries are written, and the directory is let go for the next process.
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await fragments;
    await sessions.close();
    await limits?.close();
    await store.close();
  });
  const frontend = options.frontend ? await options.frontend(app) : undefined;
  if (frontend) {
    const publicOrigin = publicOriginOf(app, {
      publicOrigin: options.publicOrigin,
      allowedHosts: options.allowedHosts,
      behindProxy: trust !== undefined,
      listenHost: options.listen?.host,
    });
    const pages = new PortalPages(store, {
      dev: frontend.mode === 'dev',
      cacheBytes: options.pageCacheBytes ?? DEFAULT_PAGE_CACHE_MB * 1024 * 1024,
      renderThreads: options.renderThreads ?? 0,
      log: (message) => app.log.warn(message),
    });
    // docs/rendering.md#the-page-cache: emptied by every publication, on PostgreSQL any instance's.
    const unsubscribe = store.onPublished(() => pages.published());
    registerFrontendRoutes(app, frontend, pages, publicOrigin);
    app.addHook('onClose', async () => {
      unsubscribe();
      await pages.close();
      await frontend.close();
    });
  }
  if (options.listen) await app.listen(options.listen);
  await saveCreatedUsers(users);
  // Schedules that fell due while the server was down are published now, in the background (docs/workflow.md#scheduled-publishing).
  const scheduled = scheduler.start();
  return {
    app,
    store,
    service,
    sessions,
    fragments,
    workflow: { changeSets, scheduler, scheduled },
    startup: { recovery, seed, users, storage, sessions: sessionLoad },
  };
}

/**
 * JSON only. text/plain is dropped (415), because it is a body type a cross-site form may send
 * without a preflight. Empty JSON bodies are allowed: clients that always send
 * Content-Type: application/json send it on bodiless POSTs (publish) too. Nesting depth is checked
 * on the raw text before JSON.parse, which would recurse once per level (http/body-depth.ts).
 */
function configureBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    const tooDeep = deepBodyError(text);
    if (tooDeep) return done(tooDeep, undefined);
    parseJson(request, text, done);
  });
}
