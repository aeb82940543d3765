/** The change-set list: state filter, what each row says, and starting a set from documents with unpublished drafts. */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createChangeSet, listChangeSets } from '../api/change-sets-api';
import { listDocuments } from '../api/documents-api';
import type { DocumentSummary, Role } from '../../schemas/contracts';
import { useSessionStore } from '../auth/session-store';
import { changeSet } from './__fixtures__/change-set';
import ChangeSetsPage from './ChangeSetsPage';

vi.mock('../api/change-sets-api', () => ({ listChangeSets: vi.fn(), createChangeSet: vi.fn() }));
vi.mock('../api/documents-api', () => ({ listDocuments: vi.fn() }));

const draftSet = changeSet({ id: 'cs-aaaaaaaaaa', title: 'Campaign', members: [{ id: 'de-AT', version: 4 }] });
const approvedSet = changeSet({
  id: 'cs-bbbbbbbbbb',
  title: 'Rename payment methods',
  state: 'approved',
  members: [
    { id: 'de-DE', version: 8 },
    { id: 'fr-FR', version: 3 },
  ],
  schedule: { at: '2026-03-01T08:30:00.000Z', by: 'approver' },
  events: [
    { kind: 'approved', author: 'approver', time: '2026-01-05T11:00:00.000Z', versions: { 'de-DE': 8, 'fr-FR': 3 } },
  ],
});

const summary = (id: DocumentSummary['id'], ahead: boolean) =>
  ({ id, kind: 'locale', hasUnpublishedChanges: ahead, published: { version: 1 } }) as DocumentSummary;

function renderPage(role: Role) {
  useSessionStore.setState({ status: 'signed-in', session: { username: 'content-manager', role } });
  const router = createMemoryRouter(
    [
      { path: '/change-sets', element: <ChangeSetsPage /> },
      { path: '/change-sets/:id', element: <p>opened set</p> },
    ],
    { initialEntries: ['/change-sets'] },
  );
  return render(
    <ChakraProvider value={defaultSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
}

beforeEach(() => {
  vi.mocked(listChangeSets).mockResolvedValue({ changeSets: [approvedSet, draftSet], requireApproval: true });
  vi.mocked(listDocuments).mockResolvedValue([
    summary('de-DE', true),
    summary('de-AT', true),
    summary('it-IT', true),
    summary('nl-NL', false),
  ]);
});

describe('the change-set list', () => {
  it('lists each set with state, documents, last event and schedule, and filters by state', async () => {
    renderPage('viewer');
    const row = await screen.findByTestId('change-set-row-cs-bbbbbbbbbb');
    expect(within(row).getByRole('link', { name: 'Rename payment methods' })).toHaveAttribute(
      'href',
      '/change-sets/cs-bbbbbbbbbb',
    );
    expect(row).toHaveTextContent('Approved');
    expect(row).toHaveTextContent('de-DE, fr-FR');
    expect(row).toHaveTextContent('approver approved it (de-DE v8, fr-FR v3)');
    expect(row).toHaveTextContent('(2026-03-01 08:30 UTC)');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Draft');
    expect(screen.queryByTestId('change-set-row-cs-bbbbbbbbbb')).toBeNull();
    expect(screen.getByTestId('change-set-row-cs-aaaaaaaaaa')).toBeVisible();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'In review');
    expect(screen.getByText('No change sets are in review.')).toBeVisible();
  });

  it('offers viewers no new set', async () => {
    renderPage('viewer');
    await screen.findByTestId('change-set-row-cs-aaaaaaaaaa');
    expect(screen.queryByRole('button', { name: 'Create change set' })).toBeNull();
  });

  it('creates a set from the picked documents; one held by another open set cannot be picked', async () => {
    vi.mocked(createChangeSet).mockResolvedValue(changeSet({ id: 'cs-cccccccccc' }));
    renderPage('editor');
    expect(await screen.findByRole('checkbox', { name: 'de-AT (already in “Campaign”)' })).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: /nl-NL/ })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: /Title/ }), 'Spring campaign');
    await userEvent.click(screen.getByRole('checkbox', { name: 'it-IT' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create change set' }));
    expect(createChangeSet).toHaveBeenCalledWith({ title: 'Spring campaign', documents: ['it-IT'] });
    expect(await screen.findByText('opened set')).toBeVisible();
  });
});
