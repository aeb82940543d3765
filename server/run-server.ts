/**
 * Starts the config service from the environment and prints how to use it. Shared by
 * `npm start` (dev, Vite middleware), `npm run serve` and server/main.ts (production build).
 *
 * A start that fails for a reason an operator can fix (a bad variable, a port in use, an unusable
 * CONFIG_DIR) prints one line naming the cause and the fix and exits non-zero: 2 for a bad
 * variable, 1 otherwise (startup-errors.ts, docs/operations.md#start-up-errors).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type StartedApp } from './app';
import { DEMO_USERS, USERS_FILE_REPAIR } from './auth/users-file';
import { EnvError, maskDatabaseUrl, readEnv, type ServerEnv } from './env';
import { createStaticFrontend } from './frontend/static-frontend';
import { createViteFrontend } from './frontend/vite-frontend';
import { configuredPublicOrigin, listenOrigin } from './http/public-origin';
import { checkStoreDirectory, startupErrorLine } from './startup-errors';

export type ServerMode = 'dev' | 'production';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function runServer(mode: ServerMode, options: { requireBuild?: boolean } = {}): Promise<StartedApp> {
  let env: ServerEnv;
  try {
    env = readEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    return fail(error.message, 2);
  }
  try {
    return await start(mode, env, options);
  } catch (error) {
    const line = startupErrorLine(error, env);
    if (line === undefined) throw error;
    return fail(line, 1);
  }
}

function fail(line: string, exitCode: number): never {
  console.error(`config service: ${line}`);
  process.exit(exitCode);
}

async function start(mode: ServerMode, env: ServerEnv, options: { requireBuild?: boolean }): Promise<StartedApp> {
  const built = existsSync(path.join(env.distDir, 'index.html'));
  if (mode === 'production' && !built) {
    const message = `${path.relative(process.cwd(), env.distDir) || env.distDir}/index.html is missing; run npm run build first`;
    if (options.requireBuild) fail(message, 1);
    console.warn(`config service: ${message}. Serving the API and /configs only.`);
  }
  await checkStoreDirectory(env.configDir);

  const started = await createApp({
    configDir: env.configDir,
    seedDir: env.seedDir,
    demoPasswords: env.demoPasswords,
    requireApproval: env.requireApproval,
    pageCacheBytes: env.pageCacheBytes,
    renderThreads: env.renderThreads,
    ...(env.databaseUrl ? { databaseUrl: env.databaseUrl } : {}),
    ...(env.trustProxy !== undefined ? { trustProxy: env.trustProxy } : {}),
    ...(env.publicOrigin ? { publicOrigin: env.publicOrigin } : {}),
    logger: { level: env.logLevel },
    // The app binds the port itself, before it writes users.json (see AppOptions.listen).
    listen: { port: env.port, host: env.host },
    ...(env.allowedHosts ? { allowedHosts: env.allowedHosts } : {}),
    ...(env.bodyLimit ? { bodyLimit: env.bodyLimit } : {}),
    ...(env.signInLimit ? { signInLimit: { max: env.signInLimit, timeWindowMs: 60_000 } } : {}),
    ...(mode === 'dev'
      ? { frontend: (app) => createViteFrontend(app, REPO_ROOT) }
      : built
        ? { frontend: async () => createStaticFrontend(env.distDir) }
        : {}),
  });
  printBanner(mode, env, started);

  const { app } = started;
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  return started;
}

/** The origin of the pages' absolute URLs and which setting gave it, as the app settles it (http/public-origin.ts). */
function pageLinks(env: ServerEnv, port: number): string {
  const configured = configuredPublicOrigin({
    publicOrigin: env.publicOrigin,
    allowedHosts: env.allowedHosts,
    behindProxy: env.trustProxy !== undefined,
  });
  if (configured)
    return `${configured.origin}/…  (${configured.from === 'PUBLIC_ORIGIN' ? 'PUBLIC_ORIGIN' : 'the first ALLOWED_HOSTS entry'})`;
  return `${listenOrigin(env.host, port)}/…  (the listen address; set PUBLIC_ORIGIN for the origin visitors use)`;
}

function printBanner(mode: ServerMode, env: ServerEnv, { app, startup }: StartedApp): void {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const host = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const { seed, users, recovery, storage } = startup;
  const lines = [
    '',
    `  portal-shell config service (${mode === 'dev' ? 'development, Vite middleware' : 'production build'})`,
    '',
    `  Editor      ${url}/`,
    `  Portal      ${url}/preview  ·  ${url}/de-de/`,
    `  API         ${url}/api/documents  (docs/api.md)`,
    `  Configs     ${url}/configs/manifest.json`,
    `  Readiness   ${url}/readyz`,
    `  Page links  ${pageLinks(env, port)}`,
    // The password never reaches the terminal or a log collector.
    env.databaseUrl
      ? `  Store       PostgreSQL ${maskDatabaseUrl(env.databaseUrl)}  (users.json in ${env.configDir})`
      : `  Store       ${env.configDir}`,
    `  Approval    ${env.requireApproval ? 'on: publishing needs a change set approved by someone else (REQUIRE_APPROVAL=0 turns it off)' : 'off (REQUIRE_APPROVAL=0): editors publish directly'}`,
  ];
  if (!storage.ok)
    lines.push(
      `              NOT WRITABLE (${storage.code}): ${storage.message}; saves and publishes fail until you fix it: ${storage.hint}`,
    );
  if (seed.seeded.length > 0)
    lines.push(
      `              seeded ${seed.seeded.length} document(s) from ${env.seedDir}; published ${seed.published.length}`,
    );
  for (const u of seed.unpublished) lines.push(`              not published: ${u.id}: ${u.reason}`);
  for (const s of seed.skipped) lines.push(`              not seeded: ${s.id}: ${s.reason}`);
  if (recovery.tempFilesRemoved > 0)
    lines.push(`              removed ${recovery.tempFilesRemoved} temp file(s) left by an earlier crash`);
  // What the store repaired, or could not, at open: never only a line in a log (docs/operations.md#repair).
  for (const f of recovery.findings)
    lines.push(
      `              ${f.status === 'manual' ? 'NEEDS REPAIR' : f.status}: ${f.file} ${f.problem}; ${f.action}`,
    );
  lines.push('');
  if (users.damage !== undefined) {
    lines.push(`  Sign in: UNAVAILABLE, ${users.file} is damaged: ${users.damage}. To repair: ${USERS_FILE_REPAIR}.`);
  } else if (users.created) {
    lines.push(`  Sign in (users created in ${users.file}):`);
    for (const u of users.created)
      lines.push(
        `    ${u.username.padEnd(16)} ${u.password.padEnd(26)} ${u.role}${u.generated ? '  (generated; shown only now)' : '  (from the environment)'}`,
      );
  } else {
    lines.push(`  Sign in: ${DEMO_USERS.map((u) => `${u.username} (${u.role})`).join(', ')}`);
    lines.push(`    Passwords were printed when ${users.file} was created.`);
    lines.push(
      `    Forgot them? Delete that file and restart (optionally with ${DEMO_USERS.map((u) => u.passwordEnv).join(' / ')} set).`,
    );
  }
  lines.push('');
  console.log(lines.join('\n'));
}
