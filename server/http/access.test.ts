/** Each access level against each role: who gets through, and the 403 that says why not. */
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileSessionStore } from '../auth/session-file';
import { SESSION_COOKIE } from '../auth/sessions';
import { ROLES, type Role } from '../auth/users-file';
import { installAccessControl, type Access } from './access';
import { installErrorHandler } from './errors';

const LEVELS: Exclude<Access, 'public'>[] = ['viewer', 'approver', 'editor'];
const ADMITS: Record<Exclude<Access, 'public'>, Role[]> = {
  viewer: ['editor', 'approver', 'viewer'],
  approver: ['editor', 'approver'],
  editor: ['editor'],
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'access-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function app() {
  const { sessions } = await FileSessionStore.open({ dir });
  const server = Fastify();
  installErrorHandler(server);
  await server.register(cookie);
  installAccessControl(server, sessions);
  for (const level of LEVELS) server.get(`/${level}`, { config: { access: level } }, () => ({ ok: true }));
  server.get('/undeclared', () => ({ ok: true }));
  return { server, token: (role: Role) => sessions.create(`a-${role}`, role) };
}

describe('access levels', () => {
  it.each(LEVELS.flatMap((level) => ROLES.map((role) => [level, role] as const)))(
    '%s route, %s → admitted as the table says',
    async (level, role) => {
      const { server, token } = await app();
      const response = await server.inject({
        method: 'GET',
        url: `/${level}`,
        cookies: { [SESSION_COOKIE]: await token(role) },
      });
      expect(response.statusCode).toBe(ADMITS[level].includes(role) ? 200 : 403);
    },
  );

  it('tells an approver refused an edit what approvers may do', async () => {
    const { server, token } = await app();
    const body = (
      await server.inject({ method: 'GET', url: '/editor', cookies: { [SESSION_COOKIE]: await token('approver') } })
    ).json();
    expect(body.error).toEqual({
      code: 'forbidden',
      message: 'a-approver is an approver; this needs an editor',
      hint: 'approvers review, comment on, approve, schedule and publish approved change sets, but never edit; ask a content manager to make changes',
    });
    const viewer = (
      await server.inject({ method: 'GET', url: '/approver', cookies: { [SESSION_COOKIE]: await token('viewer') } })
    ).json();
    expect(viewer.error.message).toBe('a-viewer is a viewer; this needs an editor or an approver');
  });

  it('closes a route that declares nothing, and asks the anonymous to sign in', async () => {
    const { server, token } = await app();
    expect(
      (await server.inject({ method: 'GET', url: '/undeclared', cookies: { [SESSION_COOKIE]: await token('editor') } }))
        .statusCode,
    ).toBe(403);
    expect((await server.inject({ method: 'GET', url: '/viewer' })).statusCode).toBe(401);
  });
});
