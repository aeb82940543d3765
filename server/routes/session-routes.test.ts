/**
 * Sessions through the API across a restart of the service on the same CONFIG_DIR (docs/operations.md#sessions):
 * a signed-in cookie still works, a signed-out one does not come back, and the store holds no token.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSIONS_FILE } from '../auth/session-file';
import { startTestServer, type TestServer } from '../test-support/test-server';

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

/** Stops the service but keeps its directories, for the next start. */
async function stop(server: TestServer): Promise<void> {
  roots.push(server.root);
  await server.started.app.close();
}

const whoAmI = async (server: TestServer, cookie: string) =>
  (await fetch(`${server.url}/api/session`, { headers: { cookie } })).status;

describe('sessions across a restart', () => {
  it('a signed-in cookie still works after a restart; a signed-out one does not come back', async () => {
    const first = await startTestServer();
    const editor = await first.cookie('editor');
    const viewer = await first.cookie('viewer');
    expect(await whoAmI(first, editor)).toBe(200);
    const signOut = await fetch(`${first.url}/api/session`, { method: 'DELETE', headers: { cookie: viewer } });
    expect(signOut.status).toBe(204);
    await stop(first);

    const file = await readFile(path.join(first.configDir, SESSIONS_FILE), 'utf8');
    for (const cookie of [editor, viewer]) expect(file).not.toContain(cookie.split('=')[1]);

    const second = await startTestServer({ configDir: first.configDir, seedDir: first.seedDir });
    try {
      expect(second.started.startup.sessions).toEqual({ loaded: 1, dropped: 0 });
      const me = await fetch(`${second.url}/api/session`, { headers: { cookie: editor } });
      expect([me.status, await me.json()]).toEqual([200, { username: 'content-manager', role: 'editor' }]);
      expect(await whoAmI(second, viewer)).toBe(401);
    } finally {
      await stop(second);
    }
  });
});
