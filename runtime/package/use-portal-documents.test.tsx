import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { SWRConfig } from 'swr';
import enJson from '../../config/en.json';
import enUsJson from '../../config/en-US.json';
import flagsJson from '../../config/flags.json';
import marketsJson from '../../config/markets.json';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import { validateDocument, type DocumentId } from '../../schemas/validator/index';
import { PortalHeader } from '../index';
import { renderShell } from '../render/render-shell';
import { usePortalDocuments } from './use-portal-documents';

/** A shipped document as the runtime receives it: validated, schema defaults filled. */
function published<T>(id: DocumentId, value: unknown): T {
  const { value: filled, problems } = validateDocument({ id, file: `config/${id}.json`, text: JSON.stringify(value) });
  expect(problems).toEqual([]);
  return filled as T;
}
const EN_US = published<LocaleConfig>('en-US', enUsJson);
const EN = published<LocaleConfig>('en', enJson);
const MARKETS = published<MarketsDocument>('markets', marketsJson);
const FLAGS = published<FlagsDocument>('flags', flagsJson);
const MANIFEST_URL = 'https://cdn.example/shell/manifest.json';

/** Serves the manifest and the four documents by URL, and lists every request. */
function serveConfigs(): string[] {
  const file = (id: string) => `https://cdn.example/shell/${id}.0123456789abcdef.json`;
  const documents = { 'en-US': EN_US, en: EN, markets: MARKETS, flags: FLAGS };
  const files = new Map<string, unknown>([
    [
      MANIFEST_URL,
      {
        format: 1,
        documents: Object.fromEntries(
          Object.keys(documents).map((id) => [id, { file: `${id}.0123456789abcdef.json`, hash: '0123456789abcdef' }]),
        ),
      },
    ],
  ]);
  for (const [id, value] of Object.entries(documents)) files.set(file(id), value);
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    return files.has(url)
      ? new Response(JSON.stringify(files.get(url)), { status: 200 })
      : new Response('not here', { status: 404 });
  });
  return requests;
}
const fresh = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
);

afterEach(() => vi.unstubAllGlobals());

// en-US has no account menu of its own: a customer's header borrows en's (docs/rules.md#account-menu).
describe('usePortalDocuments for a locale whose account menu comes from en', () => {
  it('loads en beside en-US for a signed-in customer, and is ready only with it', async () => {
    expect(EN_US.accountMenu).toBeUndefined();
    const requests = serveConfigs();
    const { result } = renderHook(
      () => usePortalDocuments({ locale: 'en-us', page: 'home', manifestUrl: MANIFEST_URL, signedIn: true }),
      { wrapper: fresh },
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const ready = result.current as Extract<typeof result.current, { status: 'ready' }>;
    expect(ready.config.locale).toBe('en-US');
    expect(ready.fallback?.accountMenu).toEqual(EN.accountMenu);
    expect(requests.filter((url) => url.endsWith('.json') && url !== MANIFEST_URL).sort()).toEqual([
      'https://cdn.example/shell/en-US.0123456789abcdef.json',
      'https://cdn.example/shell/en.0123456789abcdef.json',
      'https://cdn.example/shell/flags.0123456789abcdef.json',
      'https://cdn.example/shell/markets.0123456789abcdef.json',
    ]);
  });

  it("is ready at once for a visitor given the documents, with nothing fetched: the visitor header never reads en's menu", async () => {
    const requests = serveConfigs();
    const { result } = renderHook(
      () =>
        usePortalDocuments({
          locale: 'en-US',
          page: 'home',
          manifestUrl: MANIFEST_URL,
          config: EN_US,
          markets: MARKETS,
          flagsDocument: FLAGS,
        }),
      { wrapper: fresh },
    );
    expect(result.current.status).toBe('ready');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });

  it("renders the visitor header of en-US byte for byte as the published fragment's renderShell does, so the fragment hydrates", () => {
    const served = renderShell({
      config: EN_US,
      fallback: EN,
      markets: MARKETS,
      flags: FLAGS,
      context: { page: 'home', now: new Date() },
    });
    expect(renderToString(<PortalHeader locale="en-US" config={EN_US} markets={MARKETS} flagsDocument={FLAGS} />)).toBe(
      served.header,
    );
  });
});
