import { Center, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSessionStore } from './session-store';

export interface RequireSessionProps {
  children: ReactNode;
}

/** Deny by default: every editor page sits inside this guard; only /signin is outside it. */
export function RequireSession({ children }: RequireSessionProps) {
  const status = useSessionStore((s) => s.status);
  const check = useSessionStore((s) => s.check);
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (status === 'unknown')
      check().catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  }, [status, check]);

  if (failure)
    return (
      <Center as="main" p="8">
        <Text role="alert">Could not check your session: {failure}</Text>
      </Center>
    );
  if (status === 'signed-out')
    return <Navigate to="/signin" replace state={{ from: location.pathname + location.search }} />;
  if (status === 'unknown')
    return (
      <Center as="main" p="8" aria-busy="true">
        <Spinner aria-label="Checking your session" />
      </Center>
    );
  return <>{children}</>;
}
