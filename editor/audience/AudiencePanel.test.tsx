import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import userEvent from '@testing-library/user-event';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { documentIdFromFileName } from '../../schemas/validator/documents';
import { getDocument, listDocuments } from '../api/documents-api';
import type { DocumentSummary, DocumentVersion } from '../../schemas/contracts';
import { draftStore } from '../store/draft-store';
import { createAnalysisClient } from './analysis-client';
import AudiencePanel from './AudiencePanel';

vi.mock('../api/documents-api', () => ({ listDocuments: vi.fn(), getDocument: vi.fn() }));

const CONFIG = path.resolve(__dirname, '../../config');
const texts = new Map(
  readdirSync(CONFIG)
    .filter((n) => documentIdFromFileName(n) !== undefined)
    .map((n) => [n.replace(/\.json$/, ''), readFileSync(path.join(CONFIG, n), 'utf8')]),
);
const fi = texts.get('fi-FI')!;
/** jsdom has no Worker: the client runs the same handler in this thread. */
const inThread = () => createAnalysisClient({ useWorker: false });
const SLOW = { timeout: 15_000 };

beforeEach(() => {
  vi.mocked(listDocuments).mockResolvedValue([...texts.keys()].map((id) => ({ id }) as DocumentSummary));
  vi.mocked(getDocument).mockImplementation(async (id) => ({ id, text: texts.get(id)! }) as DocumentVersion);
  draftStore.getState().load('fi-FI', fi);
});
afterEach(() => draftStore.getState().reset());

function renderPanel(documentId = 'fi-FI') {
  const onGoTo = vi.fn();
  render(
    <ChakraProvider value={defaultSystem}>
      <AudiencePanel documentId={documentId} onGoTo={onGoTo} clientFactory={inThread} />
    </ChakraProvider>,
  );
  return { onGoTo };
}

const grid = () => screen.findByRole('region', { name: 'Audience matrix of fi-FI: items by persona' }, SLOW);
/** The cells of the row whose header starts with `title`, after the row header. */
function rowCells(table: HTMLElement, title: string, id: string): string[] {
  const header = within(table)
    .getAllByRole('rowheader')
    .find((th) => th.textContent === `${title}${id}`);
  if (!header) throw new Error(`no row ${title} (${id})`);
  return within(header.closest('tr')!)
    .getAllByRole('cell')
    .map((td) => td.textContent ?? '');
}

describe('AudiencePanel', { timeout: 60_000 }, () => {
  it('shows, per persona on its usual page, which items it sees and under which flags', async () => {
    renderPanel();
    const table = await grid();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Item',
      'visitorhome · 8 combinations',
      'partner-visitorhome · 8 combinations',
      'customerdashboard · 128 combinations',
      'companydashboard · 128 combinations',
      'pendingdashboard · 32 combinations',
      'no-customer-datadashboard · 8 combinations',
    ]);
    expect(rowCells(table, 'Säästäminen', 'saastaminen')).toEqual([
      'Shown',
      '–Not shown',
      '–Not shown',
      '–Not shown',
      '–Not shown',
      '–Not shown',
    ]);
    expect(rowCells(table, 'Yleiskatsaus', 'yleiskatsaus')).toEqual([
      '–Not shown',
      '–Not shown',
      'Shown only with newDashboard on',
      'Shown only with newDashboard on',
      'Shown only with newDashboard on',
      '–Not shown',
    ]);
    expect(screen.getByRole('heading', { name: 'Audience warnings (0)' })).toBeInTheDocument();
    expect(
      screen.getByText(
        /^1,062 combinations of fi-FI \(9 pages × 6 personas × the flags each view reads\) resolved in \d+ ms on the page/,
      ),
    ).toBeInTheDocument();
  });

  it('narrows the grid to pinned flags', async () => {
    renderPanel();
    const table = await grid();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'newDashboard (default on)' }), 'on');
    expect(rowCells(table, 'Yleiskatsaus', 'yleiskatsaus').slice(2, 5)).toEqual(['Shown', 'Shown', 'Shown']);
    expect(within(table).getAllByRole('columnheader')[3]).toHaveTextContent('customerdashboard · 64 combinations');
    await userEvent.click(screen.getByRole('button', { name: 'Every combination' }));
    expect(within(table).getAllByRole('columnheader')[3]).toHaveTextContent('customerdashboard · 128 combinations');
  });

  it('follows the draft: a planted empty dropdown is warned about, and "Go to" points at it', async () => {
    const { onGoTo } = renderPanel();
    await grid();
    const planted = ['saastamisopas', 'sijoitusopas', 'korkolaskuri'].reduce(
      (t, id) => t.replace(`"id": "${id}",`, `"id": "${id}", "visibility": { "customerType": "company" },`),
      fi,
    );
    act(() => draftStore.getState().setFromText(planted));

    const warnings = await screen.findByRole('region', { name: 'Audience warnings (1)' }, SLOW);
    expect(warnings).toHaveTextContent('Empty dropdown');
    expect(warnings).toHaveTextContent('the dropdown "Taloustietoa" is left without a link after filtering');
    expect(warnings).toHaveTextContent('/header/private/navItems/3');
    await userEvent.click(
      within(warnings).getByRole('button', { name: 'Go to /header/private/navItems/3: Empty dropdown' }),
    );
    const idLine = planted.split('\n').findIndex((l) => l.includes('"id": "taloustietoa"')) + 1;
    expect(onGoTo).toHaveBeenCalledWith({
      pointer: '/header/private/navItems/3',
      line: expect.any(Number),
      column: expect.any(Number),
    });
    // The item's object opens on the line before its id.
    expect(onGoTo.mock.calls[0]![0].line).toBe(idLine - 1);
  });

  it('does not re-render while typing; only the settled draft is analysed', async () => {
    const analysed: string[] = [];
    const spying = () => {
      const client = inThread();
      return {
        ...client,
        analyzeDraft: (id: string, text: string, others: Parameters<typeof client.analyzeDraft>[2]) => (
          analysed.push(text),
          client.analyzeDraft(id, text, others)
        ),
      };
    };
    const onRender = vi.fn();
    render(
      <ChakraProvider value={defaultSystem}>
        <Profiler id="matrix" onRender={onRender}>
          <AudiencePanel documentId="fi-FI" clientFactory={spying} />
        </Profiler>
      </ChakraProvider>,
    );
    await grid();
    await waitFor(() => expect(screen.getByText(/resolved in \d+ ms on the page\.$/)).toBeInTheDocument(), SLOW);
    expect(analysed).toEqual([fi]);
    const rendersBefore = onRender.mock.calls.length;
    // Five keystrokes in quick succession (each a store write, as the JSON view makes them): no render at all.
    const typed = ['a', 'ab', 'abc', 'abcd', 'abcde'].map((suffix) => fi.replace('"Viestit"', `"Viestit ${suffix}"`));
    for (const text of typed) act(() => draftStore.getState().setFromText(text));
    expect(onRender.mock.calls.length).toBe(rendersBefore);
    // Once the draft settles: one analysis, of the last text.
    await waitFor(() => expect(analysed).toEqual([fi, typed[4]]), SLOW);
  });

  it('keeps the last valid matrix while the draft does not validate, and says so', async () => {
    renderPanel();
    await grid();
    act(() => draftStore.getState().setFromText(fi.replace('"basePath": "/fi-fi"', '"basePath": 42')));
    expect(
      await screen.findByText(
        /The draft does not validate \(.*\/basePath.*\)\. The matrix shows the last valid draft\./,
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Audience matrix of fi-FI: items by persona' })).toBeInTheDocument();
  });

  it('says which other documents were left out of the checks', async () => {
    vi.mocked(getDocument).mockImplementation(async (id) => {
      if (id === 'de-DE') throw new Error('The config service could not be reached.');
      return { id, text: texts.get(id)! } as DocumentVersion;
    });
    renderPanel();
    await grid();
    expect(
      screen.getByText(
        /Left out of the sibling, fallback and market checks: the draft of de-DE could not be loaded: The config service could not be reached\./,
      ),
    ).toBeInTheDocument();
  });

  it('sends markets and flags to the publish review instead', async () => {
    draftStore.getState().load('markets', texts.get('markets')!);
    renderPanel('markets');
    expect(
      await screen.findByText(
        /markets is not a locale: its effect on every locale’s audiences is listed when you publish it/,
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
  });
});
