/** Every story renders inside the shell's stylesheet, as the portal and the editor's preview do. */
import type { Preview } from '@storybook/react-vite';
import '../runtime/styles/index.css';

const preview: Preview = {
  parameters: { layout: 'fullscreen' },
};

export default preview;
