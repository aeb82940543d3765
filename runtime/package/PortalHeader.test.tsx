import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { SWRConfig } from 'swr';
import deDE from '../../config/de-DE.json';
import flagsJson from '../../config/flags.json';
import marketsJson from '../../config/markets.json';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import { validateDocument, type DocumentId } from '../../schemas/validator/index';
import { PortalFooter, PortalHeader, PortalShell } from '../index';
import { renderShell } from '../render/render-shell';

/** A shipped document as the runtime receives it: validated, schema defaults filled. */
function published<T>(id: DocumentId, value: unknown): T {
  const { value: filled, problems } = validateDocument({ id, file: `config/${id}.json`, text: JSON.stringify(value) });
  expect(problems).toEqual([]);
  return filled as T;
}
const DE = published<LocaleConfig>('de-DE', deDE);
const MARKETS_DOCUMENT = published<MarketsDocument>('markets', marketsJson);
const FLAGS_DOCUMENT = published<FlagsDocument>('flags', flagsJson);
/** Each test its own SWR cache, as each page load has. */
const fresh = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
);
/** The first item of the de-DE visitor header's first menu ("Festgeld"), as the resolver writes it: base path + config href. */
const FIRST_MENU_ITEM = deDE.header.public.navItems[0]!.subMenus.main[0] as { href: string };
const FIRST_MENU_HREF = `${DE.basePath}${FIRST_MENU_ITEM.href}`;

/** fetch answering by URL and counting every request, so a test can say how many went out. */
function serveConfigs(manifestUrl: string) {
  const folder = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const files: Record<string, unknown> = {
    [manifestUrl]: {
      format: 1,
      documents: {
        'de-DE': { file: 'de-DE.aaaaaaaaaaaaaaaa.json', hash: 'aaaaaaaaaaaaaaaa' },
        markets: { file: 'markets.bbbbbbbbbbbbbbbb.json', hash: 'bbbbbbbbbbbbbbbb' },
        flags: { file: 'flags.cccccccccccccccc.json', hash: 'cccccccccccccccc' },
      },
    },
    [`${folder}de-DE.aaaaaaaaaaaaaaaa.json`]: DE,
    [`${folder}markets.bbbbbbbbbbbbbbbb.json`]: MARKETS_DOCUMENT,
    [`${folder}flags.cccccccccccccccc.json`]: FLAGS_DOCUMENT,
  };
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    if (!(url in files)) return new Response('not here', { status: 404 });
    return new Response(JSON.stringify(files[url]), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('PortalHeader', () => {
  it('renders the complete visitor header in react-dom/server from the documents it is given', () => {
    const html = renderToString(
      <PortalHeader locale="de-DE" config={DE} markets={MARKETS_DOCUMENT} flagsDocument={FLAGS_DOCUMENT} />,
    );
    expect(html).toMatch(/<header class="ps-root /);
    expect(html).toContain(`href="${FIRST_MENU_HREF}"`);
  });

  // docs/embedding.md#server-render-next-style: a fragment from renderShell hydrates with the parts only if the markup is the same, useId values included.
  it('renders byte for byte the header renderShell renders, so either server markup hydrates', () => {
    const served = renderShell({
      config: DE,
      markets: MARKETS_DOCUMENT,
      flags: FLAGS_DOCUMENT,
      context: { page: 'home', now: new Date() },
    });
    expect(
      renderToString(
        <PortalHeader locale="de-DE" config={DE} markets={MARKETS_DOCUMENT} flagsDocument={FLAGS_DOCUMENT} />,
      ),
    ).toBe(served.header);
  });

  it('fetches nothing in the browser either when it is given every document (not even the manifest)', async () => {
    const requests = serveConfigs('/configs/manifest.json');
    render(<PortalHeader locale="de-DE" config={DE} markets={MARKETS_DOCUMENT} flagsDocument={FLAGS_DOCUMENT} />, {
      wrapper: fresh,
    });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });

  it('loads the configs from the manifest URL it is given, and a header and a footer on one page share one request each', async () => {
    const requests = serveConfigs('https://cdn.example/shell/manifest.json');
    render(
      <>
        <PortalHeader locale="de-de" manifestUrl="https://cdn.example/shell/manifest.json" />
        <PortalFooter locale="de-de" manifestUrl="https://cdn.example/shell/manifest.json" />
      </>,
      { wrapper: fresh },
    );
    await screen.findByRole('banner');
    await screen.findByRole('contentinfo');
    const counts = Object.fromEntries(
      [...new Set(requests)].map((url) => [url, requests.filter((r) => r === url).length]),
    );
    expect(counts).toEqual({
      'https://cdn.example/shell/manifest.json': 1,
      'https://cdn.example/shell/de-DE.aaaaaaaaaaaaaaaa.json': 1,
      'https://cdn.example/shell/markets.bbbbbbbbbbbbbbbb.json': 1,
      'https://cdn.example/shell/flags.cccccccccccccccc.json': 1,
    });
  });

  it('hands a plain click on a menu link to navigate(), and leaves modified clicks to the browser', () => {
    serveConfigs('/unused/manifest.json');
    const navigate = vi.fn();
    render(
      <PortalHeader
        locale="de-DE"
        config={DE}
        markets={MARKETS_DOCUMENT}
        flagsDocument={FLAGS_DOCUMENT}
        navigate={navigate}
      />,
      { wrapper: fresh },
    );
    const link = within(screen.getByRole('banner'))
      .getAllByRole('link', { hidden: true })
      .find((a) => a.getAttribute('href') === FIRST_MENU_HREF)!;

    const ctrlClick = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(ctrlClick);
    expect(ctrlClick.defaultPrevented).toBe(false);
    expect(navigate).not.toHaveBeenCalled();

    expect(fireEvent.click(link)).toBe(false);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(FIRST_MENU_HREF);
  });

  it('names the bad locale and the valid ones in the console, and renders no header', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<PortalHeader locale="xx-YY" />, { wrapper: fresh });
    await waitFor(() => expect(error).toHaveBeenCalledOnce());
    expect(String(error.mock.calls[0]![0])).toMatch(/^portal-shell: the header cannot render: .*"xx-YY".*de-DE/);
    expect(screen.queryByRole('banner')).toBeNull();
  });
});

describe('PortalShell', () => {
  it('places the host page between header and footer, in the main region the skip link targets', () => {
    // DOM queries, not getByRole: role queries over the whole shell take seconds in jsdom.
    const { container } = render(
      <PortalShell locale="de-DE" config={DE} markets={MARKETS_DOCUMENT} flagsDocument={FLAGS_DOCUMENT}>
        <p>the host page</p>
      </PortalShell>,
      { wrapper: fresh },
    );
    const header = container.querySelector('header')!;
    const main = container.querySelector('main')!;
    const footer = container.querySelector('footer')!;
    expect(main).toHaveTextContent('the host page');
    expect(header.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(DE.strings.header.skipToContent).closest('a')).toHaveAttribute('href', `#${main.id}`);
  });

  it('shows the fallback chrome around the host page when the configs cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
    render(
      <PortalShell locale="de-DE" manifestUrl="/broken/manifest.json">
        <p>the host page</p>
      </PortalShell>,
      { wrapper: fresh },
    );
    await screen.findByTestId('fallback-chrome');
    expect(screen.getByText('the host page')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(
        /^portal-shell: the shell cannot render: config manifest \(\/broken\/manifest\.json\) answered 404/,
      ),
    );
  });
});
