import { create } from 'zustand';
import { ApiError } from '../api/api-error';
import { onUnauthenticated } from '../api/request';
import { createSession, deleteSession, getSession } from '../api/session-api';
import type { Session } from '../../schemas/contracts';

type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

interface SessionState {
  status: SessionStatus;
  session: Session | null;
  /** Asks the server who we are; a 401 means signed out, never an error screen. */
  check: () => Promise<void>;
  signIn: (username: string, password: string) => Promise<Session>;
  signOut: () => Promise<void>;
}

export const useSessionStore = create<SessionState>((set) => ({
  status: 'unknown',
  session: null,
  check: async () => {
    try {
      const session = await getSession();
      set({ status: 'signed-in', session });
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'unauthenticated') set({ status: 'signed-out', session: null });
      else throw error;
    }
  },
  signIn: async (username, password) => {
    const session = await createSession(username, password);
    set({ status: 'signed-in', session });
    return session;
  },
  signOut: async () => {
    await deleteSession();
    set({ status: 'signed-out', session: null });
  },
}));

// An expired session anywhere (any API call answering 401) signs the user out, and the route guard redirects.
onUnauthenticated(() => useSessionStore.setState({ status: 'signed-out', session: null }));

export const useCanEdit = (): boolean => useSessionStore((s) => s.session?.role === 'editor');
