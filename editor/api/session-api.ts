import { apiRequest } from './request';
import type { Session } from '../../schemas/contracts';

export async function getSession(): Promise<Session> {
  return (await apiRequest<Session>('/api/session')).data;
}

export async function createSession(username: string, password: string): Promise<Session> {
  return (await apiRequest<Session>('/api/session', { method: 'POST', body: { username, password } })).data;
}

export async function deleteSession(): Promise<void> {
  await apiRequest<void>('/api/session', { method: 'DELETE' });
}
