import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries (STYLE.md §8): each restriction says why, so the lint message teaches. */
const boundary = (group, message) => ({ group, message });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'public/mockServiceWorker.js', 'playwright-report/**', 'test-results/**', 'schemas/generated/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['runtime/**/*.{ts,tsx}'],
    ignores: ['runtime/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          boundary(['**/editor/**', '../editor', '../../editor'], 'runtime/ ships to customers and must not depend on the editor.'),
          boundary(['**/mocks/**'], 'runtime/ must not bundle MSW mocks; the host starts them behind a build-time switch (runtime/host/start-mocks.ts is the one exception).'),
          boundary(['**/tests/**'], 'runtime/ must not import test helpers.'),
          boundary(['**/server/**'], 'runtime/ runs in the browser; the config service is reached over HTTP.'),
        ],
      }],
    },
  },
  {
    files: ['runtime/host/start-mocks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['schemas/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          boundary(['react', 'react-dom', '@chakra-ui/*'], 'schemas/ is the contract: pure data and validation, no React.'),
          boundary(['**/runtime/**', '**/editor/**', '**/server/**'], 'schemas/ sits below every other layer and imports none of them.'),
        ],
      }],
    },
  },
);
