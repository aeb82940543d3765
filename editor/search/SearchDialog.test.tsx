import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import deAT from '../../config/de-AT.json';
import deCH from '../../config/de-CH.json';
import deDE from '../../config/de-DE.json';
import enGB from '../../config/en-GB.json';
import { getDocument, listDocuments } from '../api/documents-api';
import type { DocumentId, DocumentSummary, DocumentVersion } from '../../schemas/contracts';
import { draftStore } from '../store/draft-store';
import { useSearchDialog } from './search-dialog-store';
import { FIRST_ROWS } from './first-rows';
import SearchDialog from './SearchDialog';

vi.mock('../api/documents-api', () => ({ listDocuments: vi.fn(), getDocument: vi.fn() }));

const contents: Partial<Record<DocumentId, unknown>> = { 'de-DE': deDE, 'de-AT': deAT, 'de-CH': deCH, 'en-GB': enGB };
let versions: Partial<Record<DocumentId, number>> = { 'de-DE': 1, 'de-AT': 1 };

beforeEach(() => {
  vi.mocked(listDocuments).mockImplementation(async () =>
    Object.entries(versions).map(([id, version]) => ({ id, draft: { version } }) as DocumentSummary),
  );
  vi.mocked(getDocument).mockImplementation(
    async (id) => ({ id, version: versions[id as DocumentId], content: contents[id as DocumentId] }) as DocumentVersion,
  );
});

function renderDialog(at = '/') {
  let location = '';
  function Where() {
    const l = useLocation();
    location = l.pathname + l.search;
    return null;
  }
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <SearchDialog />
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { location: () => location };
}

const input = () => screen.getByRole('combobox', { name: 'Search labels, ids and links in every document' });

it('groups results by document, moves with the arrows and opens the document at the field on Enter', async () => {
  const { location } = renderDialog();
  act(() => useSearchDialog.getState().openSearch(''));
  const user = userEvent.setup();
  // Focus on opening and its return on closing are pinned in tests/editor-search.spec.ts: jsdom runs no focus trap.
  await user.type(await screen.findByRole('combobox'), 'festgeld');
  const groups = await screen.findAllByRole('group');
  expect(groups.map((g) => g.getAttribute('data-document'))).toEqual(['de-DE', 'de-AT']);
  expect(within(groups[0]!).getAllByText('Germany')[0]).toBeVisible();
  const options = screen.getAllByRole('option');
  expect(options[0]).toHaveAttribute('aria-selected', 'true');
  expect(input()).toHaveAttribute('aria-activedescendant', options[0]!.id);
  expect(options[0]).toHaveTextContent(/Header › Public › Sparen › Festgeld/);
  await user.keyboard('{ArrowDown}');
  expect(input()).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]!.id);
  await user.keyboard('{ArrowUp}{Enter}');
  await waitFor(() => expect(useSearchDialog.getState().open).toBe(false));
  expect(location()).toBe(
    `/documents/de-DE?at=${encodeURIComponent('/header/public/navItems/0/subMenus/main/0/title')}`,
  );
});

it('finds by URL path and says when nothing links there', async () => {
  renderDialog();
  act(() => useSearchDialog.getState().openSearch('/festgeld/'));
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(0));
  for (const option of screen.getAllByRole('option').slice(0, 2)) expect(option).toHaveTextContent('/festgeld/');
  const user = userEvent.setup();
  await user.clear(input());
  await user.type(input(), '/nowhere/');
  expect(screen.getByRole('status')).toHaveTextContent('No item links to /nowhere/ in 2 documents.');
});

it('closes on Escape', async () => {
  renderDialog();
  act(() => useSearchDialog.getState().openSearch(''));
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox'));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(useSearchDialog.getState().open).toBe(false));
});

it('searches the open document’s edits instead of its saved draft', async () => {
  versions = { 'de-DE': 2 };
  draftStore
    .getState()
    .load(
      'de-DE',
      JSON.stringify({ header: { public: { navItems: [{ id: 'neu', title: 'Ungespeichert', href: '/neu/' }] } } }),
    );
  renderDialog('/documents/de-DE');
  act(() => useSearchDialog.getState().openSearch('ungespeichert'));
  const option = await screen.findByRole('option');
  expect(option).toHaveTextContent('Ungespeichert');
  expect(screen.getByText('open, with your edits')).toBeVisible();
  act(() => useSearchDialog.getState().closeSearch());
  draftStore.getState().reset();
});

it('opens again with the words of the last search', async () => {
  renderDialog();
  act(() => useSearchDialog.getState().openSearch('tagesgeld'));
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox'));
  // The words come back selected; End keeps them.
  await user.keyboard('{End} konto');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(useSearchDialog.getState().open).toBe(false));
  act(() => useSearchDialog.getState().openSearch());
  await waitFor(() => expect(screen.getByRole('combobox')).toHaveValue('tagesgeld konto'));
});

it('a query with more rows than the first paint takes shows them all once the rest has rendered, in order', async () => {
  versions = { 'de-DE': 1, 'de-AT': 1, 'de-CH': 1, 'en-GB': 1 };
  renderDialog();
  act(() => useSearchDialog.getState().openSearch(''));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('4 documents ready to search.'));
  const user = userEvent.setup();
  await user.type(input(), 'e');
  // Every group shows its best 8 (docs/editor-search.md#how-results-are-ranked): 4 × 8 rows, more than FIRST_ROWS.
  await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(32));
  expect(32).toBeGreaterThan(FIRST_ROWS);
  expect(screen.getAllByRole('group').map((g) => within(g).getAllByRole('option').length)).toEqual([8, 8, 8, 8]);
  // Option ids follow the rows in order, so the arrows and aria-activedescendant agree with what is shown.
  expect(screen.getAllByRole('option').map((o) => o.id)).toEqual(
    screen.getAllByRole('option').map((_, i) => expect.stringMatching(new RegExp(`-option-${i}$`))),
  );
  versions = { 'de-DE': 1, 'de-AT': 1 };
});
