import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { toApiError } from '../api/api-error';
import { getDocument, listDocumentsWithDamage, saveDocument } from '../api/documents-api';
import { useSessionStore } from '../auth/session-store';
import type { DocumentList, DocumentVersion, SavedVersion } from '../../schemas/contracts';
import { DOCUMENT_IDS, documentKind, type DocumentId } from '../../schemas/validator';
import CrossLocalePage from './CrossLocalePage';

vi.mock('../api/documents-api', () => ({
  listDocumentsWithDamage: vi.fn(),
  getDocument: vi.fn(),
  saveDocument: vi.fn(),
}));
// Monaco does not run in jsdom; the merge's diffs are rendered as text instead.
vi.mock('../review/DiffView', () => ({
  default: ({ modified }: { modified: string }) => <pre data-testid="diff">{modified}</pre>,
}));

const seedText = (id: string) => readFileSync(path.resolve('config', `${id}.json`), 'utf8');

/** The service's drafts: the seed, version 1, plus what the test saves. */
let drafts: Map<string, DocumentVersion>;
const versionOf = (id: DocumentId, version: number, text: string): DocumentVersion => ({
  id,
  kind: documentKind(id),
  version,
  etag: `"v${version}"`,
  author: 'seed',
  time: '2026-01-05T10:00:00.000Z',
  message: 'm',
  action: 'save',
  isDraft: true,
  isPublished: false,
  text,
  content: JSON.parse(text) as unknown,
});
const savedAs = (id: DocumentId, version: number): SavedVersion => ({
  id,
  version,
  etag: `"v${version}"`,
  author: 'content-manager',
  time: '2026-01-05T10:05:00.000Z',
  message: 'm',
  action: 'save',
});

beforeEach(() => {
  vi.clearAllMocks();
  drafts = new Map(DOCUMENT_IDS.map((id) => [id, versionOf(id, 1, seedText(id))]));
  const list: DocumentList = {
    documents: [...drafts.values()].map((d) => ({ id: d.id, kind: d.kind }) as DocumentList['documents'][number]),
    damaged: [],
  };
  vi.mocked(listDocumentsWithDamage).mockResolvedValue(list);
  vi.mocked(getDocument).mockImplementation(async (id) => drafts.get(id)!);
  useSessionStore.setState({ status: 'signed-in', session: { username: 'content-manager', role: 'editor' } });
});

function renderAt(url: string) {
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/items/:ids?" element={<CrossLocalePage />} />
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );
}

const label = (locale: string) => screen.getByRole('textbox', { name: `Label of "login" in ${locale}` });

it('saves each changed locale with its own If-Match; a 412 opens that locale’s merge and keeps its edit while the other saves', async () => {
  const user = userEvent.setup();
  // Someone saves de-CH after the table loaded it: version 2 with another label.
  const theirs = versionOf('de-CH', 2, seedText('de-CH').replace('"title": "Anmelden"', '"title": "Einloggen (CH)"'));
  vi.mocked(saveDocument).mockImplementation(async (id, etag, content) => {
    if (id === 'de-CH' && etag === '"v1"')
      throw toApiError(412, { error: { code: 'precondition-failed', message: 'stale' }, current: theirs });
    const next = drafts.get(id)!.version + 1;
    drafts.set(id, versionOf(id as DocumentId, next, `${JSON.stringify(content, null, 2)}\n`));
    return savedAs(id as DocumentId, next);
  });
  renderAt('/items/login');
  await screen.findByRole('table', { name: 'Items across locales' });
  drafts.set('de-CH', theirs);

  // Pasted rather than typed key by key: each key renders the table again, which is slow in jsdom.
  await user.clear(label('de-AT'));
  await user.paste('Einloggen');
  await user.clear(label('de-CH'));
  await user.paste('Login');
  await user.click(screen.getByRole('button', { name: 'Save 2 locales' }));

  const results = await screen.findByRole('region', { name: 'Save results' }, { timeout: 15_000 });
  await waitFor(() => expect(within(results).getByTestId('result-de-AT')).toHaveTextContent('saved as version 2'), {
    timeout: 15_000,
  });
  expect(within(results).getByTestId('result-de-CH')).toHaveTextContent(
    'not saved: version 2 by seed was saved meanwhile. Your edit is kept; merge it below',
  );
  expect(vi.mocked(saveDocument).mock.calls.map(([id, etag, , message]) => [id, etag, message])).toEqual([
    ['de-AT', '"v1"', 'Edited "login" in the cross-locale table'],
    ['de-CH', '"v1"', 'Edited "login" in the cross-locale table'],
  ]);
  // de-AT starts again from its saved draft; de-CH keeps the edit, read-only until merged, and is not offered again.
  await waitFor(() => expect(label('de-AT')).not.toHaveAttribute('data-edited'));
  expect(label('de-AT')).toHaveValue('Einloggen');
  expect(label('de-CH')).toHaveValue('Login');
  expect(label('de-CH')).toHaveAttribute('readonly');
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

  // The merge: both renamed the same label; keep mine and save the merged draft with their ETag.
  // The merge view is a lazy chunk: its first load in jsdom can take seconds on a busy machine.
  const merge = await screen.findByRole(
    'region',
    { name: 'Merge your changes with version 2 by seed' },
    { timeout: 15_000 },
  );
  await user.click(within(merge).getByRole('radio', { name: /^Keep mine: "Login"/ }));
  vi.mocked(saveDocument).mockClear();
  await user.click(within(merge).getByRole('button', { name: 'Save merged' }));
  await waitFor(
    () => expect(within(results).getByTestId('result-de-CH')).toHaveTextContent('merged and saved as version 3'),
    { timeout: 15_000 },
  );
  expect(vi.mocked(saveDocument).mock.calls[0]!.slice(0, 2)).toEqual(['de-CH', '"v2"']);
  expect(label('de-CH')).toHaveValue('Login');
  expect(label('de-CH')).not.toHaveAttribute('readonly');
  expect(label('de-CH')).not.toHaveAttribute('data-edited');
  // The page, the validator and the merge view's chunk load for the first time here: slow in jsdom on a busy machine.
}, 120_000);

it('does not send a draft the validator refuses, and says why', async () => {
  const user = userEvent.setup();
  renderAt('/items/login');
  const link = await screen.findByRole('textbox', { name: 'Link of "login" in de-AT' });
  await user.clear(link);
  await user.paste('javascript:alert(1)');
  await user.click(screen.getByRole('button', { name: 'Save 1 locale' }));
  const result = await screen.findByTestId('result-de-AT', {}, { timeout: 15_000 });
  expect(result).toHaveTextContent(/^Austria \(de-AT\): not sent: the validator found 1 problem; your edit is kept/);
  expect(result).toHaveTextContent('/header/public/actionItems/0/href');
  expect(saveDocument).not.toHaveBeenCalled();
  expect(link).toHaveValue('javascript:alert(1)');
});

it('names an unknown id, and shows a damaged locale’s row with the reason', async () => {
  vi.mocked(listDocumentsWithDamage).mockResolvedValue({
    documents: [...drafts.values()]
      .filter((d) => d.id !== 'it-IT')
      .map((d) => ({ id: d.id, kind: d.kind }) as DocumentList['documents'][number]),
    damaged: [
      {
        id: 'it-IT',
        kind: 'locale',
        file: 'documents/it-IT/meta.json',
        problem: 'is missing',
        repair: 'npm run store:check -- --repair',
      },
    ],
  });
  renderAt('/items/nope,login');
  expect(await screen.findByText(/No locale draft has an item with the id "nope"/)).toBeVisible();
  expect(screen.getByTestId('row-login-it-IT')).toHaveTextContent(
    'Not shown: the it-IT draft is damaged (is missing); it needs a repair first.',
  );
  expect(getDocument).not.toHaveBeenCalledWith('it-IT');
});

it('asks before a link out of the table drops unsaved edits', async () => {
  const user = userEvent.setup();
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
  renderAt('/items/login');
  const link = await screen.findByRole('link', { name: 'Open in editor for the label of "login" in de-AT' });
  expect(link).toHaveAttribute('href', '/documents/de-AT?at=%2Fheader%2Fpublic%2FactionItems%2F0%2Ftitle');
  await user.clear(label('de-AT'));
  await user.paste('Einloggen');
  await user.click(link);
  expect(confirm).toHaveBeenCalledWith('You have unsaved edits in de-AT. Leave the table and lose them?');
  // Declined: still on the table, the edit still there.
  expect(label('de-AT')).toHaveValue('Einloggen');
  confirm.mockRestore();
});
