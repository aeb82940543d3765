import { useEffect, type ReactNode } from 'react';
import { decideAccess } from '../data/access-decision';

export interface AccessGuardProps {
  /** Default false (docs/rules.md#access-wrapper). */
  isAuthRequired?: boolean;
  /** Default true (docs/rules.md#access-wrapper). */
  isBypassContext?: boolean;
  /** The logged-in customer id; read by the caller only in the browser and with a valid session. */
  customerId: string | undefined;
  /** Shown instead of the children when access is denied. */
  fallback: ReactNode;
  /** Called when access is denied in the browser; ours sends the visitor to the login page. */
  onDenied: () => void;
  children: ReactNode;
}

/** The access wrapper (docs/rules.md#access-wrapper). */
export function AccessGuard({
  isAuthRequired,
  isBypassContext,
  customerId,
  fallback,
  onDenied,
  children,
}: AccessGuardProps) {
  const decision = decideAccess({
    ...(isAuthRequired !== undefined ? { isAuthRequired } : {}),
    ...(isBypassContext !== undefined ? { isBypassContext } : {}),
    customerId,
  });
  const denied = !decision.canAccess;
  useEffect(() => {
    if (denied && typeof window !== 'undefined') onDenied();
  }, [denied, onDenied]);
  return <>{denied ? fallback : children}</>;
}
