/**
 * Storybook, kept as the baseline of the editor's keystroke → preview bench (docs/editor-typing.md): the
 * same runtime Header rendered from a resolved model, with a Controls text field instead of our form.
 * Its own small Vite config (.storybook/vite.config.ts): the app's config builds the editor, the portal
 * and the mock worker, none of which a story needs. Telemetry is off and Chakra UI's published Storybook (which
 * Storybook composes in for an installed package that names one) is not, so a build or a run fetches nothing.
 */
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../runtime/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: {
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
    builder: { name: '@storybook/builder-vite', options: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
  typescript: { reactDocgen: false },
  refs: { '@chakra-ui/react': { disable: true } },
};

export default config;
