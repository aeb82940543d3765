/**
 * /healthz is liveness: the process answers. /readyz is readiness: whether the service can do all
 * of its work — write to its store, sign people in, serve every document — and if not, what is
 * wrong and what to do (docs/api.md#get-readyz). A degraded service still serves customers the
 * published configs it has, so /readyz is for alerting, not for taking the only instance out of
 * rotation (docs/operations.md#readiness-disk-full-and-read-only-stores).
 */
import type { FastifyInstance } from 'fastify';
import { USERS_FILE, USERS_FILE_REPAIR, type UsersLoad } from '../auth/users-file';
import type { StorageProbe } from '../storage/storage-probe';
import { storageFailure } from '../storage/storage-failure';
import type { DamagedChangeSet, DamagedDocument, DocumentStore } from '../storage/store';

export interface ReadinessSources {
  storage: StorageProbe;
  users: UsersLoad;
  store: Pick<DocumentStore, 'health'>;
  /** Whether the store is a database (DATABASE_URL): /healthz then always reports its state. */
  database?: boolean;
}

/** One check: `ok`, and when it is not, a stable code, what is wrong and what to do. */
export interface ReadinessCheck {
  ok: boolean;
  code?: string;
  message?: string;
  hint?: string;
}

export interface Readiness {
  status: 'ready' | 'degraded';
  checks: {
    storage: ReadinessCheck & { checkedAt: string };
    users: ReadinessCheck;
    documents: ReadinessCheck & { damaged: DamagedDocument[] };
    changeSets: ReadinessCheck & { damaged: DamagedChangeSet[] };
    /** Present only when the store is a database (docs/operations.md#postgresql). */
    database?: ReadinessCheck;
  };
}

export function registerHealthRoutes(app: FastifyInstance, sources: ReadinessSources): void {
  // Liveness stays 200 while the process answers, whatever the database does; the body says how the database is, so
  // an operator sees it without a second request (docs/operations.md#several-instances). The field only exists with a database.
  app.get('/healthz', { config: { access: 'public' } }, async (_request, reply) => {
    const database = await databaseState(sources);
    return reply.header('cache-control', 'no-store').send({ ok: true, ...(database ? { database } : {}) });
  });

  app.get('/readyz', { config: { access: 'public' } }, async (request, reply) => {
    const readiness = await checkReadiness(sources, (error, what) =>
      request.log.error({ err: error }, `readiness: ${what}`),
    );
    return reply
      .code(readiness.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(readiness);
  });

  // A request that just failed on the storage makes the next readiness check probe again, rather
  // than repeat a cached "writable" for up to PROBE_CACHE_MS.
  app.addHook('onError', async (_request, _reply, error) => {
    if (storageFailure(error)) sources.storage.forget();
  });
}

/** How long /healthz waits for the database's answer before it reports "down": liveness must answer promptly. */
export const HEALTHZ_DATABASE_TIMEOUT_MS = 2_000;

/** The database's state for /healthz: undefined for a store without one; "down" when it fails or is slow to answer. */
export async function databaseState(
  { store, database }: Pick<ReadinessSources, 'store' | 'database'>,
  timeoutMs = HEALTHZ_DATABASE_TIMEOUT_MS,
): Promise<'ok' | 'down' | undefined> {
  const failed = database ? 'down' : undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  try {
    const health = await Promise.race([store.health(), late]);
    if (health === 'late') return failed;
    return health.database ? (health.database.state === 'ok' ? 'ok' : 'down') : failed;
  } catch {
    return failed;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(
  { storage, users, store }: ReadinessSources,
  log: (error: unknown, what: string) => void,
): Promise<Readiness> {
  const [written, { documents, changeSets, database }] = await Promise.all([storage.check(), storeChecks(store, log)]);
  if (!written.ok) log(written.cause, 'the store is not writable');
  const checks: Readiness['checks'] = {
    storage: written.ok
      ? { ok: true, checkedAt: written.checkedAt }
      : { ok: false, code: written.code, message: written.message, hint: written.hint, checkedAt: written.checkedAt },
    users:
      users.damage === undefined
        ? { ok: true }
        : {
            ok: false,
            code: 'users-file-damaged',
            message: `${USERS_FILE} is damaged: ${users.damage}; nobody can sign in`,
            hint: USERS_FILE_REPAIR,
          },
    documents,
    changeSets,
    ...(database ? { database } : {}),
  };
  const ready =
    checks.storage.ok && checks.users.ok && checks.documents.ok && checks.changeSets.ok && (database?.ok ?? true);
  return { status: ready ? 'ready' : 'degraded', checks };
}

async function storeChecks(
  store: ReadinessSources['store'],
  log: (error: unknown, what: string) => void,
): Promise<Pick<Readiness['checks'], 'documents' | 'changeSets' | 'database'>> {
  try {
    const { damaged, damagedChangeSets = [], database } = await store.health();
    const ids = (list: readonly { id: string }[]) => list.map((d) => d.id).join(', ');
    return {
      documents:
        damaged.length === 0
          ? { ok: true, damaged }
          : {
              ok: false,
              code: 'document-damaged',
              message: `${damaged.length} document(s) cannot be served: ${ids(damaged)}`,
              hint: 'each entry of damaged says which file is wrong and how to repair it (npm run store:check)',
              damaged,
            },
      changeSets:
        damagedChangeSets.length === 0
          ? { ok: true, damaged: damagedChangeSets }
          : {
              ok: false,
              code: 'change-set-damaged',
              message: `${damagedChangeSets.length} change set record(s) cannot be read: ${ids(damagedChangeSets)}; their documents keep working`,
              hint: 'each entry of damaged says which file is wrong and how to repair it (npm run store:check)',
              damaged: damagedChangeSets,
            },
      ...(database
        ? {
            database:
              database.state === 'ok'
                ? { ok: true }
                : {
                    ok: false,
                    code: 'database-unavailable',
                    message: `the database cannot be reached: ${database.error}`,
                    hint: 'check DATABASE_URL and the database server; the service reconnects by itself, and customers keep the configs already served',
                  },
          }
        : {}),
    };
  } catch (error) {
    log(error, 'the store health could not be read');
    const unavailable = {
      ok: false,
      code: 'health-unavailable',
      message: 'the store could not report its health',
      hint: 'check the server log',
      damaged: [],
    };
    return { documents: unavailable, changeSets: unavailable };
  }
}
