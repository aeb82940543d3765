import { useEffect, type ReactNode } from 'react';
import { decideAccess } from '../data/access-decision';

export interface AccessGuardProps {
  /** SPEC §6 default false. */
  isAuthRequired?: boolean;
  /** SPEC §6 default true. */
  isBypassContext?: boolean;
  /** The logged-in customer id; read by the caller only in the browser and with a valid session. */
  customerId: string | undefined;
  /** Shown instead of the children when access is denied. */
  fallback: ReactNode;
  /** SPEC §6 "a helper is invoked" when denied in the browser; ours sends the visitor to the login page. */
  onDenied: () => void;
  children: ReactNode;
}

/** SPEC §6 access wrapper. */
export function AccessGuard({ isAuthRequired, isBypassContext, customerId, fallback, onDenied, children }: AccessGuardProps) {
  const decision = decideAccess({ ...(isAuthRequired !== undefined ? { isAuthRequired } : {}), ...(isBypassContext !== undefined ? { isBypassContext } : {}), customerId });
  const denied = !decision.canAccess;
  useEffect(() => {
    if (denied && typeof window !== 'undefined') onDenied();
  }, [denied, onDenied]);
  return <>{denied ? fallback : children}</>;
}
