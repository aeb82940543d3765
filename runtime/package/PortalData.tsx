import { useMemo, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ApiProvider } from '../api/api-context';
import { SHELL_SWR_CONFIG } from '../api/swr-policy';
import type { PortalProps } from './portal-props';
import { createPortalServices, type PortalServices } from './portal-services';

/**
 * The data layer under one embedded part: its HTTP client and the shell's SWR policy over SWR's page-wide cache
 * (no `provider`), so every part on the page shares each request and its answer.
 */
export function PortalData({
  apiBase,
  tokenStorage,
  children,
}: Pick<PortalProps, 'apiBase' | 'tokenStorage'> & { children: (services: PortalServices) => ReactNode }) {
  const services = useMemo(() => createPortalServices(apiBase, tokenStorage), [apiBase, tokenStorage]);
  return (
    <ApiProvider client={services.client}>
      <SWRConfig value={SHELL_SWR_CONFIG}>{children(services)}</SWRConfig>
    </ApiProvider>
  );
}
