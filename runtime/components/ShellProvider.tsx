import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { getShellSystem } from '../theme/system';

/** Chakra with the shell's trimmed system. Wrap the host once; Shell, banner and countdown all need it. */
export function ShellProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={getShellSystem()}>{children}</ChakraProvider>;
}
