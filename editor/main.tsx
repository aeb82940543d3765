import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { editorSystem } from './app/editor-system';
import { EditorRoutes } from './app/router';

// The editor uses Chakra's default system with the recipes of the components it uses (docs/editor-bundle.md#chakra-ui);
// the customer shell uses no Chakra at all.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={editorSystem}>
      <EditorRoutes />
    </ChakraProvider>
  </StrictMode>,
);
