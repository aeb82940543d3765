/**
 * The import boundaries of eslint.config.js (docs/architecture.md#boundaries), linted on one-line files
 * placed where the rule applies: what each folder may not import, and modules entered only through index.ts.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The boundary messages ESLint reports for `source` saved as `filePath`. */
async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = value;\n`, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const importing = (specifier: string) => `import { value } from '${specifier}';`;

describe('folders', () => {
  it.each([
    [
      'runtime/host/probe.ts',
      '../../editor/api/client',
      'runtime/ ships to customers and must not depend on the editor',
    ],
    ['runtime/host/probe.ts', '../../mocks/browser', 'runtime/ must not bundle MSW mocks'],
    ['runtime/host/probe.ts', '../../server/app', 'the config service is reached over HTTP'],
    ['editor/api/probe.ts', '../../server/http/errors', 'import the request and response types from schemas/contracts'],
    ['server/http/probe.ts', '../../runtime/api/environment', 'server/ serves the runtime as built files'],
    ['server/http/probe.ts', '../../editor/api/types', 'server/ serves the editor as built files'],
    ['mocks/handlers/probe.ts', '../../editor/preview/preview-url', 'they know nothing of the editor'],
    ['mocks/probe.ts', '../server/app', 'never reach the config service code'],
    ['schemas/validator/probe.ts', '../../runtime/resolver', 'schemas/ sits below every other folder'],
    ['schemas/validator/probe.ts', 'react', 'schemas/ is the contract: pure data and validation, no React'],
    ['editor/document/probe.ts', '../../tests/support/render-checks', 'application code never imports them'],
    ['tests/probe.spec.ts', '../server/app', 'tests/ reach the config service over HTTP'],
  ])('%s may not import %s', async (file, specifier, reason) => {
    const errors = await boundaryErrors(file, importing(specifier));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(reason);
  });

  it.each([
    ['runtime/host/probe.ts', '../../schemas/contracts'],
    ['editor/preview/probe.ts', '../../runtime/resolver'],
    ['mocks/handlers/probe.ts', '../../runtime/api/api-types'],
    ['server/http/probe.ts', '../../schemas/validator'],
    ['runtime/host/probe.test.ts', '../../mocks/browser'],
    ['server/frontend/probe.test.ts', '../../runtime/host/portal-paths'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await boundaryErrors(file, importing(specifier))).toEqual([]);
  });

  it('lets runtime/host/start-mocks.ts alone import mocks/, and nothing else it may not', async () => {
    expect(await boundaryErrors('runtime/host/start-mocks.ts', importing('../../mocks/browser'))).toEqual([]);
    expect(await boundaryErrors('runtime/host/start-mocks.ts', importing('../../editor/api/client'))).toHaveLength(1);
  });

  it('lets server/http/security-headers.ts alone read the runtime, and nothing else it may not', async () => {
    expect(
      await boundaryErrors('server/http/security-headers.ts', importing('../../runtime/tracking/consent')),
    ).toEqual([]);
    expect(await boundaryErrors('server/http/security-headers.ts', importing('../../editor/api/types'))).toHaveLength(
      1,
    );
  });
});

describe('modules entered through index.ts', () => {
  it.each([
    ['runtime/components/Header/probe.tsx', '../../resolver/model', 'runtime/resolver'],
    ['editor/audience/probe.ts', '../../runtime/resolver/resolve-menu', 'runtime/resolver'],
    ['bench/probe.ts', '../runtime/resolver/resolve-shell', 'runtime/resolver'],
    ['runtime/host/probe.ts', '../tracking/consent', 'runtime/tracking'],
    ['runtime/host/probe.ts', '../session/token-store', 'runtime/session'],
    ['runtime/resolver/probe.ts', '../tracking/tag-manager', 'runtime/tracking'],
  ])('%s may not import %s', async (file, specifier, module) => {
    const errors = await boundaryErrors(file, importing(specifier));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`import ${module} through its index.ts`);
  });

  it.each([
    ['runtime/components/Header/probe.tsx', '../../resolver'],
    ['editor/audience/probe.ts', '../../runtime/resolver/index'],
    ['runtime/resolver/probe.ts', './resolve-menu'],
    ['runtime/resolver/__fixtures__/probe.ts', '../model'],
    ['runtime/tracking/probe.ts', './consent'],
    ['runtime/components/Header/probe.test.tsx', '../../resolver/__fixtures__/configs'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await boundaryErrors(file, importing(specifier))).toEqual([]);
  });

  it('keeps __fixtures__ for tests: code outside the module may not import them', async () => {
    expect(
      await boundaryErrors('runtime/components/Header/probe.tsx', importing('../../resolver/__fixtures__/configs')),
    ).toHaveLength(1);
  });
});
