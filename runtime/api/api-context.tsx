import { createContext, useContext, type ReactNode } from 'react';
import type { HttpClient } from './http-client';

const ApiClientContext = createContext<HttpClient | null>(null);

export function ApiProvider({ client, children }: { client: HttpClient; children: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

export function useApiClient(): HttpClient {
  const client = useContext(ApiClientContext);
  if (!client)
    throw new Error(
      'useApiClient() needs an <ApiProvider client={…}> above it (runtime/host/ShellScreen.tsx sets one up).',
    );
  return client;
}
