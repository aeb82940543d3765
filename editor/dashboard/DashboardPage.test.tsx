import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createDocument, getDocument, listDocumentsWithDamage } from '../api/documents-api';
import type { DocumentList, DocumentVersion, SavedVersion } from '../../schemas/contracts';
import { LOCALE_CONFIG_IDS } from '../../schemas/validator/documents';
import { useSessionStore } from '../auth/session-store';
import { FakeEventSource, snapshotData } from '../presence/testing/fake-event-source';
import { useSearchDialog } from '../search/search-dialog-store';
import { DashboardPage } from './DashboardPage';

vi.mock('../api/documents-api', () => ({
  listDocumentsWithDamage: vi.fn(),
  getDocument: vi.fn(),
  createDocument: vi.fn(),
}));

const list: DocumentList = {
  documents: [
    {
      id: 'de-DE',
      kind: 'locale',
      valid: true,
      problemCount: 0,
      draft: {
        version: 2,
        etag: '"v2"',
        author: 'content-manager',
        time: '2026-01-05T10:00:00.000Z',
        message: 'm',
        action: 'save',
      },
      published: null,
      hasUnpublishedChanges: true,
      lastEditor: 'content-manager',
      lastEdited: '2026-01-05T10:00:00.000Z',
      versionCount: 2,
    },
  ],
  damaged: [
    {
      id: 'flags',
      kind: 'flags',
      file: 'documents/flags/meta.json',
      problem: 'cannot be read (EACCES)',
      repair: 'check the permissions (docs/operations.md#repair)',
    },
  ],
};

it('marks a damaged document with the file, the problem and the repair, and does not link it; the others open as usual', async () => {
  vi.mocked(listDocumentsWithDamage).mockResolvedValue(list);
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </ChakraProvider>,
  );
  const damagedRow = await screen.findByTestId('document-row-flags');
  expect(within(damagedRow).getByText('Damaged')).toBeVisible();
  expect(within(damagedRow).getByText('documents/flags/meta.json cannot be read (EACCES)')).toBeVisible();
  expect(within(damagedRow).getByText('Repair: check the permissions (docs/operations.md#repair)')).toBeVisible();
  expect(within(damagedRow).queryByRole('link')).toBeNull();
  expect(screen.getByText(/^flags is damaged and cannot be opened/)).toBeVisible();
  expect(within(screen.getByTestId('document-row-de-DE')).getByRole('link', { name: 'Germany' })).toHaveAttribute(
    'href',
    '/documents/de-DE',
  );
});

describe('a registry locale without a document', () => {
  const withoutItIT: DocumentList = {
    documents: LOCALE_CONFIG_IDS.filter((id) => id !== 'it-IT').map((id) => ({ ...list.documents[0]!, id })),
    damaged: [],
  };

  function renderDashboard(role: 'editor' | 'viewer') {
    useSessionStore.setState({
      status: 'signed-in',
      session: { username: role === 'editor' ? 'content-manager' : 'product-owner', role },
    });
    vi.mocked(listDocumentsWithDamage).mockResolvedValue(withoutItIT);
    render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="/" element={<DashboardPage />} />
            <Route path="/documents/:id" element={<p>document page</p>} />
          </Routes>
        </MemoryRouter>
      </ChakraProvider>,
    );
  }

  it('is created by an editor from a copy of another locale, then opened', async () => {
    vi.mocked(getDocument).mockResolvedValue({
      version: 4,
      content: { locale: 'fr-FR', basePath: '/fr-fr', header: { logo: 'x' } },
    } as DocumentVersion);
    vi.mocked(createDocument).mockResolvedValue({} as SavedVersion);
    renderDashboard('editor');
    const row = await screen.findByTestId('document-row-it-IT');
    expect(within(row).getByText('No document')).toBeVisible();
    expect(within(row).queryByRole('link')).toBeNull();
    const user = userEvent.setup();
    await user.selectOptions(within(row).getByLabelText('Copy from'), 'fr-FR');
    await user.click(within(row).getByRole('button', { name: 'Create it-IT' }));
    expect(await screen.findByText('document page')).toBeVisible();
    expect(getDocument).toHaveBeenCalledWith('fr-FR', 'draft');
    expect(createDocument).toHaveBeenCalledWith(
      'it-IT',
      { locale: 'it-IT', basePath: '/it-it', header: { logo: 'x' } },
      'Created from a copy of fr-FR (draft v4)',
    );
  });

  it('says why it failed and stays on the dashboard', async () => {
    vi.mocked(getDocument).mockResolvedValue({ version: 1, content: { locale: 'de-DE' } } as DocumentVersion);
    vi.mocked(createDocument).mockRejectedValue(new Error('it-IT already exists'));
    renderDashboard('editor');
    const row = await screen.findByTestId('document-row-it-IT');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Create it-IT' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('Could not create it-IT: it-IT already exists');
  });

  it('shows a viewer that it is not created yet, without the action', async () => {
    renderDashboard('viewer');
    const row = await screen.findByTestId('document-row-it-IT');
    expect(within(row).getByText(/not created yet/)).toBeVisible();
    expect(within(row).queryByRole('button')).toBeNull();
  });
});

describe('presence (docs/workflow.md#presence)', () => {
  beforeEach(() => FakeEventSource.install());
  afterEach(() => vi.unstubAllGlobals());

  it('shows on each row who else has the document open, never yourself, and follows the stream', async () => {
    useSessionStore.setState({ status: 'signed-in', session: { username: 'product-owner', role: 'viewer' } });
    vi.mocked(listDocumentsWithDamage).mockResolvedValue({
      documents: [list.documents[0]!, { ...list.documents[0]!, id: 'en-GB' }],
      damaged: [],
    });
    render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </ChakraProvider>,
    );
    const row = await screen.findByTestId('document-row-de-DE');
    // The dashboard is present on no document.
    expect(FakeEventSource.last.url).toBe('/api/presence/stream');
    act(() =>
      FakeEventSource.last.emit(
        'presence',
        snapshotData([
          { username: 'anna', document: 'de-DE' },
          { username: 'product-owner', document: 'en-GB' },
          { username: 'ben', document: null },
        ]),
      ),
    );
    expect(within(row).getByText('anna is editing de-DE')).toBeVisible();
    expect(within(screen.getByTestId('document-row-en-GB')).queryByText(/is editing/)).toBeNull();
    expect(screen.queryByText(/ben/)).toBeNull();
    act(() => FakeEventSource.last.emit('presence', snapshotData([])));
    expect(within(row).queryByText(/is editing/)).toBeNull();
  });
});

describe('filters and the search box (docs/editor-search.md#dashboard)', () => {
  const doc = list.documents[0]!;
  const filtered: DocumentList = {
    documents: [
      {
        ...doc,
        id: 'de-DE',
        hasUnpublishedChanges: true,
        published: { version: 1, etag: '"v1"', hash: 'h', url: '/configs/x', publishedBy: 'anna', publishedAt: 't' },
        lastEditor: 'content-manager',
        draft: { ...doc.draft, message: 'Renamed Festgeld', author: 'content-manager' },
      },
      {
        ...doc,
        id: 'fr-FR',
        hasUnpublishedChanges: false,
        published: { version: 2, etag: '"v2"', hash: 'h', url: '/configs/y', publishedBy: 'anna', publishedAt: 't' },
        lastEditor: 'anna',
        draft: { ...doc.draft, message: 'Seeded', author: 'anna' },
      },
      {
        ...doc,
        id: 'nl-NL',
        valid: false,
        problemCount: 3,
        hasUnpublishedChanges: false,
        published: { version: 2, etag: '"v2"', hash: 'h', url: '/configs/z', publishedBy: 'anna', publishedAt: 't' },
        lastEditor: 'anna',
      },
    ],
    damaged: [],
  };

  function renderAt(url: string) {
    useSessionStore.setState({ status: 'signed-in', session: { username: 'content-manager', role: 'editor' } });
    vi.mocked(listDocumentsWithDamage).mockResolvedValue(filtered);
    let search = '';
    function Where() {
      search = useLocation().search;
      return null;
    }
    render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter initialEntries={[url]}>
          <DashboardPage />
          <Where />
        </MemoryRouter>
      </ChakraProvider>,
    );
    return { search: () => search };
  }
  const shownIds = () =>
    screen
      .getAllByRole('row')
      .map((r) => r.getAttribute('data-testid'))
      .filter(Boolean);

  it('shows name, state, problems and the last change with its author', async () => {
    renderAt('/');
    const row = await screen.findByTestId('document-row-de-DE');
    expect(within(row).getByRole('link', { name: 'Germany' })).toBeVisible();
    expect(within(row).getByText('de-DE')).toBeVisible();
    expect(within(row).getByText('Unpublished changes')).toBeVisible();
    expect(within(row).getByText('Renamed Festgeld')).toBeVisible();
    expect(within(row).getByText(/^by content-manager/)).toBeVisible();
    expect(within(screen.getByTestId('document-row-nl-NL')).getByText('3 problems')).toBeVisible();
  });

  it('filters by unpublished, invalid and mine, kept in the URL, and clears', async () => {
    const { search } = renderAt('/');
    await screen.findByTestId('document-row-de-DE');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Unpublished/ }));
    expect(shownIds()).toEqual(['document-row-de-DE']);
    expect(search()).toBe('?show=unpublished');
    expect(screen.getByRole('button', { name: /^Unpublished/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: /^Unpublished/ }));
    await user.click(screen.getByRole('button', { name: /^Invalid/ }));
    expect(shownIds()).toEqual(['document-row-nl-NL']);
    await user.click(screen.getByRole('button', { name: /^Invalid/ }));
    await user.click(screen.getByRole('button', { name: /^Last edited by me/ }));
    expect(shownIds()).toEqual(['document-row-de-DE']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1 of 3 documents.');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The three documents, then a row to create each registry locale that has none.
    expect(shownIds()).toHaveLength(3 + 10);
    expect(search()).toBe('');
  });

  it('reads filters from the link and says which names it ignored', async () => {
    renderAt('/?show=invalid,broken');
    await screen.findByTestId('document-row-nl-NL');
    expect(shownIds()).toEqual(['document-row-nl-NL']);
    expect(screen.getByText('Ignored “broken” in the link: the filters are unpublished, invalid, mine.')).toBeVisible();
  });

  it('filters rows by the search box and hands the words over to the search everywhere', async () => {
    renderAt('/');
    await screen.findByTestId('document-row-de-DE');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: /^Filter documents/ }), 'france');
    expect(shownIds()).toEqual(['document-row-fr-FR']);
    await user.clear(screen.getByRole('searchbox', { name: /^Filter documents/ }));
    await user.type(screen.getByRole('searchbox', { name: /^Filter documents/ }), 'festgeld');
    expect(shownIds()).toEqual(['document-row-de-DE']);
    await user.click(screen.getByRole('button', { name: 'Search inside the documents for “festgeld”' }));
    expect(useSearchDialog.getState()).toMatchObject({ open: true, query: 'festgeld' });
    useSearchDialog.getState().closeSearch();
    await user.clear(screen.getByRole('searchbox', { name: /^Filter documents/ }));
    await user.type(screen.getByRole('searchbox', { name: /^Filter documents/ }), 'zinsen{Enter}');
    expect(screen.getByText('No document matches “zinsen”.')).toBeVisible();
    expect(useSearchDialog.getState()).toMatchObject({ open: true, query: 'zinsen' });
  });
});
