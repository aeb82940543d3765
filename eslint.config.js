import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries (docs/architecture.md#boundaries). Each restriction says why, so the lint message teaches.
 * Import cycles are checked by scripts/check-cycles.ts (npm run lint runs both).
 */

/** Test code: tests next to the code, their __fixtures__, and the tests/ folder. */
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/__fixtures__/**', 'tests/**'];

/** A relative import into another top-level folder: `../editor/…`, `../../server/…`. */
const folder = (name, message) => ({ regex: `^(\\.\\./)+${name}(/|$)`, message });

const NO_REACT = {
  group: ['react', 'react-dom', 'react-dom/*', '@chakra-ui/*'],
  message: 'schemas/ is the contract: pure data and validation, no React.',
};
/** The shell renders with plain classes over runtime/styles (docs/architecture.md#styling); no style runtime may come back. */
const NO_CSS_IN_JS = {
  group: ['@chakra-ui/*', '@emotion/*'],
  message:
    'runtime/ styles with plain ps- classes and the CSS in runtime/styles (docs/architecture.md#styling): a CSS-in-JS library needs its styles extracted in the server render and a cache per shadow root, and was about 60 KB of the first load.',
};
const belowAll = (name) =>
  folder(
    name,
    'schemas/ sits below every other folder and imports none of them: move what both sides need into schemas/.',
  );
const noHarness = (name) =>
  folder(name, `${name}/ holds tools and tests that run the app from outside; application code never imports them.`);

/**
 * What each top-level folder may not import: `code` for what ships or runs, `tests` for TEST_FILES in it.
 * config/ holds only JSON documents, which any folder may read.
 */
const ZONES = {
  schemas: {
    code: [NO_REACT, ...['runtime', 'editor', 'server', 'mocks', 'scripts', 'tests', 'bench'].map(belowAll)],
    tests: [NO_REACT, ...['runtime', 'editor', 'server', 'mocks', 'scripts', 'tests', 'bench'].map(belowAll)],
  },
  runtime: {
    code: [
      NO_CSS_IN_JS,
      folder('editor', 'runtime/ ships to customers and must not depend on the editor.'),
      folder(
        'server',
        'runtime/ runs in the browser; the config service is reached over HTTP, with the types in schemas/contracts.',
      ),
      folder(
        'mocks',
        'runtime/ must not bundle MSW mocks; the host starts them behind a build-time switch (runtime/host/start-mocks.ts is the one exception).',
      ),
      ...['tests', 'scripts', 'bench'].map(noHarness),
    ],
    tests: [
      NO_CSS_IN_JS,
      folder('editor', 'runtime/ tests test the customer shell alone; the editor is tested in editor/.'),
      folder('server', 'runtime/ tests run in the browser environment; the config service is tested in server/.'),
      ...['scripts', 'bench'].map(noHarness),
    ],
  },
  editor: {
    code: [
      folder(
        'server',
        'editor/ talks to the config service over HTTP: import the request and response types from schemas/contracts, not server/ code.',
      ),
      ...['tests', 'scripts', 'bench'].map(noHarness),
    ],
    tests: [
      folder(
        'server',
        'editor/ tests answer the config API with MSW or fakes; the service itself is tested in server/.',
      ),
      ...['scripts', 'bench'].map(noHarness),
    ],
  },
  server: {
    code: [
      folder(
        'runtime',
        'server/ serves the runtime as built files; shared facts live in schemas/ (server/http/security-headers.ts is the one exception).',
      ),
      folder('editor', 'server/ serves the editor as built files; shared types live in schemas/contracts.'),
      folder('mocks', 'server/ serves real documents; MSW mocks belong to the browser.'),
      ...['tests', 'scripts', 'bench'].map(noHarness),
    ],
    tests: [
      folder('editor', 'server/ tests call the service over HTTP (fastify inject), not the editor.'),
      folder('mocks', 'server/ tests use real documents; MSW mocks belong to the browser.'),
      ...['scripts', 'bench'].map(noHarness),
    ],
  },
  mocks: {
    code: [
      folder('editor', 'mocks/ stand in for the customer APIs the runtime calls; they know nothing of the editor.'),
      folder('server', 'mocks/ run in the browser (a service worker) and never reach the config service code.'),
      ...['tests', 'scripts', 'bench'].map(noHarness),
    ],
    tests: [
      folder('editor', 'mocks/ stand in for the customer APIs the runtime calls; they know nothing of the editor.'),
      folder('server', 'mocks/ run in the browser and never reach the config service code.'),
      ...['scripts', 'bench'].map(noHarness),
    ],
  },
  scripts: {
    code: [folder('tests', 'scripts/ are the npm run commands; test helpers are not part of them.')],
    tests: [],
  },
  bench: {
    code: [folder('tests', 'bench/ measures the app, not its test helpers.')],
    tests: [],
  },
  tests: {
    code: [],
    tests: [
      folder('editor', 'tests/ drive the editor in a browser, not by importing it.'),
      folder('server', 'tests/ reach the config service over HTTP, not by importing it.'),
      ...['scripts', 'bench'].map(noHarness),
    ],
  },
};

/**
 * Modules entered only through their index.ts. Their own files (tests included) use each other freely;
 * tests elsewhere may also use their __fixtures__.
 */
const MODULES = ['runtime/resolver', 'runtime/tracking', 'runtime/session'];

const throughIndex = (module, { fixtures }) => {
  const name = module.split('/').pop();
  return {
    regex: `(^|/)(\\.\\.|runtime)/${name}/(?!index$${fixtures ? '|__fixtures__/' : ''})`,
    message: `import ${module} through its index.ts ('…/${name}'): its other files are internals that may change. Export what you need from ${module}/index.ts.`,
  };
};

/** The files of `dir` that are code, or that are tests (a test file's __fixtures__ count as tests). */
const filesOf = (dir, kind) =>
  kind === 'code'
    ? { files: [`${dir}/**/*.{ts,tsx}`], ignores: TEST_FILES }
    : { files: [`${dir}/**/*.test.{ts,tsx}`, `${dir}/**/__fixtures__/**/*.{ts,tsx}`] };

/**
 * ESLint replaces a rule's options block by block, so each block lists every restriction for its files:
 * per folder and kind one block, then one per module inside it (later blocks win).
 */
function boundaryBlocks() {
  const blocks = [];
  for (const [top, zones] of Object.entries(ZONES)) {
    for (const kind of ['code', 'tests']) {
      const isTests = kind === 'tests';
      // Everything in tests/ is test code.
      if (top === 'tests' && !isTests) continue;
      const scopes = [
        [top, MODULES],
        ...MODULES.filter((module) => module.startsWith(`${top}/`)).map((module) => [
          module,
          MODULES.filter((other) => other !== module),
        ]),
      ];
      for (const [dir, outside] of scopes) {
        const patterns = [...zones[kind], ...outside.map((module) => throughIndex(module, { fixtures: isTests }))];
        const files = top === 'tests' ? { files: ['tests/**/*.{ts,tsx}'] } : filesOf(dir, kind);
        blocks.push({ ...files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
      }
    }
  }
  return blocks;
}

/** The documented exceptions, each with everything else of its folder's zone still in force. */
const without = (patterns, name) => patterns.filter((pattern) => pattern.regex !== folder(name, '').regex);
const exceptions = [
  {
    // Starts the MSW worker in development builds only; vite.config.ts drops it from the customer build.
    files: ['runtime/host/start-mocks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...without(ZONES.runtime.code, 'mocks'),
            ...MODULES.map((module) => throughIndex(module, { fixtures: false })),
          ],
        },
      ],
    },
  },
  {
    // The Content-Security-Policy must allow exactly the third parties and API hosts the runtime loads, so it
    // reads them where the runtime names them (runtime/api/environment.ts, runtime/tracking/consent.ts and
    // tag-manager.ts), not through runtime/tracking's index, which brings React.
    files: ['server/http/security-headers.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: without(ZONES.server.code, 'runtime') }] },
  },
  {
    // The server render of the portal pages and the publish-time fragments (docs/rendering.md) enter the runtime
    // through runtime/render, the one render entry point, and read its stylesheet through runtime/styles/shell-css.
    files: ['server/render/**', 'server/publish/**'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...without(ZONES.server.code, 'runtime'),
            {
              regex: '^(\\.\\./)+runtime/(?!render/|styles/shell-css$)',
              message:
                'server/render and server/publish reach the runtime only through runtime/render, the one render entry point, and runtime/styles/shell-css (docs/rendering.md).',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'public/mockServiceWorker.js',
      'playwright-report/**',
      'test-results/**',
      'schemas/generated/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...boundaryBlocks(),
  ...exceptions,
  {
    // Components must import in Node (the server render, the fragments) and render the same everywhere.
    files: ['runtime/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[source.value=/\\.css(\\?.*)?$/], ImportExpression[source.value=/\\.css(\\?.*)?$/]',
          message:
            "components import no CSS: put the rules in the block's .css file beside the component and list it in runtime/styles/index.css, which the entry points load (docs/architecture.md#styling).",
        },
      ],
    },
  },
);
