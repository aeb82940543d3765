import { useMemo, useSyncExternalStore } from 'react';
import type { SessionIdentity } from '../data/use-shell-data';
import { TOKEN_STORAGE_KEYS, type TokenStore } from '../session';

const SEPARATOR = '\n';

/** A string snapshot (user id and customer number), so React can compare two reads; '' for a visitor. */
function identitySnapshot(tokenStore: TokenStore): string {
  if (!tokenStore.isTokenValid()) return '';
  const claims = tokenStore.getClaims();
  return claims?.sub && claims.customer_number ? `${claims.sub}${SEPARATOR}${claims.customer_number}` : '';
}

/** Another tab logging in or out changes the tokens under the portal's keys. */
function subscribeToTokens(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEYS.accessToken) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Who is logged in (docs/rules.md#customer-data), read from the token store during render on the client only:
 * the server and the hydrating render see a visitor (the server has no tokens), and React re-renders with the
 * customer right after hydrating. A client-only render reads the tokens at once, so a customer never sees the
 * visitor header first.
 */
export function usePortalIdentity(tokenStore: TokenStore | undefined): SessionIdentity | undefined {
  const snapshot = useSyncExternalStore(
    subscribeToTokens,
    () => (tokenStore ? identitySnapshot(tokenStore) : ''),
    () => '',
  );
  return useMemo(() => {
    if (!snapshot) return undefined;
    const [userId, customerNumber] = snapshot.split(SEPARATOR) as [string, string];
    return { userId, customerNumber };
  }, [snapshot]);
}
