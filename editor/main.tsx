import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EditorRoutes } from './app/router';

// The editor uses Chakra's default system (its recipes give Table, Dialog and Field for free); the customer
// shell keeps its own trimmed system with the `ps` prefix, so the two never collide in the preview.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={defaultSystem}>
      <EditorRoutes />
    </ChakraProvider>
  </StrictMode>,
);
