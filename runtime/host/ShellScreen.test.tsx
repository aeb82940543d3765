import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { MockInstance } from 'vitest';
import flagsDocument from '../../config/flags.json';
import marketsDocument from '../../config/markets.json';
import deDE from '../../config/de-DE.json';
import { pageRecorder } from '../tracking';
import { forgetReportedFallbacks } from './report-shell-fallback';
import { ShellScreen } from './ShellScreen';

// The live shell stands in for "the configs were good enough to render"; one test makes it throw.
const liveShell = vi.hoisted(() => ({ throws: false }));
vi.mock('./LiveShell', () => ({
  LiveShell: () => {
    if (liveShell.throws) throw new TypeError("Cannot read properties of undefined (reading 'map')");
    return <p>live shell</p>;
  },
}));

const FILES = {
  'de-DE': 'de-DE.0123456789abcdef.json',
  markets: 'markets.1111111111111111.json',
  flags: 'flags.2222222222222222.json',
};
const MANIFEST = {
  format: 1,
  documents: Object.fromEntries(Object.entries(FILES).map(([id, file]) => [id, { file, hash: file.split('.')[1] }])),
};
const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200 });

/** The published files, with `overrides` by URL; an override of `hang` never answers. */
function serve(overrides: Record<string, Response | 'hang'> = {}) {
  const files: Record<string, () => Response> = {
    '/configs/manifest.json': () => json(MANIFEST),
    [`/configs/${FILES['de-DE']}`]: () => json(deDE),
    [`/configs/${FILES.markets}`]: () => json(marketsDocument),
    [`/configs/${FILES.flags}`]: () => json(flagsDocument),
  };
  vi.stubGlobal('fetch', (url: string) => {
    const override = overrides[url];
    if (override === 'hang') return new Promise(() => undefined);
    return Promise.resolve(override ?? files[url]!());
  });
}

const fresh = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
);
const renderScreen = () =>
  render(
    <ShellScreen
      locale="de-de"
      page="home"
      identity={undefined}
      dataKey="test"
      onNavigate={() => undefined}
      onIdentityChanged={() => undefined}
    />,
    { wrapper: fresh },
  );

// Documents that load trigger the development-only validator check, which imports the validator lazily
// (get-published-config.ts); loaded here once, that import cannot outlive a test's environment.
beforeAll(() => import('../../schemas/validator/index'));

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  forgetReportedFallbacks();
  pageRecorder().clear();
  liveShell.throws = false;
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

async function expectFallback(messagePart: string, document: string, reason: string) {
  await screen.findByTestId('fallback-chrome');
  expect(screen.getByRole('link', { name: 'Depona – zur Startseite' })).toHaveAttribute('href', '/de-de/');
  expect(screen.getByRole('contentinfo')).toHaveTextContent('Startseite');
  expect(screen.getByTestId('page-body')).toBeInTheDocument();
  expect(window.document.querySelector('[aria-busy="true"]')).toBeNull();
  const logged = consoleError.mock.calls
    .map((call) => String(call[0]))
    .filter((line) => line.startsWith('portal-shell:'));
  expect(logged).toHaveLength(1);
  expect(logged[0]).toContain(messagePart);
  await waitFor(() =>
    expect(pageRecorder().events.map((e) => e.event)).toEqual([
      expect.objectContaining({
        event_name: 'shell_fallback_shown',
        custom_attribute_1: document,
        description: reason,
      }),
    ]),
  );
}

describe('ShellScreen with a published document it cannot use', () => {
  it('shows the fallback chrome for a locale config of {}', async () => {
    serve({ [`/configs/${FILES['de-DE']}`]: json({}) });
    renderScreen();
    await expectFallback(
      `de-DE config (/configs/${FILES['de-DE']}) is not a valid locale config: (document) must have required property 'locale'`,
      'de-DE',
      'wrong-shape',
    );
  });

  it('shows the fallback chrome for footer: null without strings', async () => {
    const { strings: _strings, ...withoutStrings } = deDE;
    serve({ [`/configs/${FILES['de-DE']}`]: json({ ...withoutStrings, footer: null }) });
    renderScreen();
    await expectFallback(
      `is not a valid locale config: (document) must have required property 'strings'`,
      'de-DE',
      'wrong-shape',
    );
  });

  it('shows the fallback chrome for a garbage manifest, naming the manifest', async () => {
    serve({ '/configs/manifest.json': new Response('\u0000garbage{') });
    renderScreen();
    await expectFallback('config manifest (/configs/manifest.json) is not JSON', 'manifest', 'not-json');
  });

  it('shows the fallback chrome for a locale config that answers 404', async () => {
    serve({ [`/configs/${FILES['de-DE']}`]: new Response('not found', { status: 404 }) });
    renderScreen();
    await expectFallback(`de-DE config (/configs/${FILES['de-DE']}) answered 404`, 'de-DE', 'http-status');
  });

  it('ends the loading state after 5 s when a document never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      serve({ [`/configs/${FILES.markets}`]: 'hang' });
      renderScreen();
      await act(async () => vi.advanceTimersByTimeAsync(4900));
      expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
      await act(async () => vi.advanceTimersByTimeAsync(200));
    } finally {
      vi.useRealTimers();
    }
    await expectFallback('markets document did not arrive within 5000 ms', 'markets', 'timeout');
  });

  it('shows the fallback chrome when a well-shaped config still makes the shell throw', async () => {
    liveShell.throws = true;
    serve();
    renderScreen();
    await expectFallback(
      "de-DE config could not be rendered (TypeError: Cannot read properties of undefined (reading 'map'))",
      'de-DE',
      'render-error',
    );
  });

  it('renders the shell when every document is good', async () => {
    serve();
    renderScreen();
    expect(await screen.findByText('live shell')).toBeInTheDocument();
    expect(screen.queryByTestId('fallback-chrome')).toBeNull();
  });
});
