/**
 * The document page's two views over one store: an edit in either view shows in the other after switching,
 * undo/redo works across both (toolbar, page shortcut, and Monaco's own keys), and save/autosave read the store.
 * Monaco is replaced by a textarea with the same API slice (json-view/testing/fake-monaco-editor.tsx).
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { getDocument, getHistory, listDocuments, saveDocument } from '../api/documents-api';
import type { DocumentVersion } from '../../schemas/contracts';
import { useSessionStore } from '../auth/session-store';
import { useFormUi } from '../form-view/form-ui-store';
import { FakeEventSource, snapshotData } from '../presence/testing/fake-event-source';
import { draftStore } from '../store/draft-store';
import DocumentPage from './DocumentPage';

vi.mock('@monaco-editor/react', async () => await import('../json-view/testing/fake-monaco-editor'));
vi.mock('../json-view/monaco-setup', () => ({
  modelPath: (id: string) => `inmemory://portal/config/${id}.json`,
  setCompletionRegistry: vi.fn(),
}));
vi.mock('../api/documents-api', () => ({
  getDocument: vi.fn(),
  listDocuments: vi.fn(),
  saveDocument: vi.fn(),
  publishDocument: vi.fn(),
  restoreVersion: vi.fn(),
  getHistory: vi.fn(),
}));
// The audience matrix has its own tests; here it would run the whole engine in jsdom after every edit.
vi.mock('../audience/AudiencePanel', () => ({ default: () => null }));
vi.mock('../preview/PreviewPane', () => ({ PreviewPane: () => null }));
vi.mock('../review/DiffView', () => ({ default: () => <div data-testid="diff" /> }));

const seed = readFileSync('config/it-IT.json', 'utf8');
const flags = JSON.parse(readFileSync('config/flags.json', 'utf8')) as unknown;

function version(id: DocumentVersion['id'], text: string, v = 3): DocumentVersion {
  return {
    id,
    kind: id === 'flags' ? 'flags' : 'locale',
    version: v,
    etag: `"v${v}"`,
    author: 'seed',
    time: '2026-01-05T10:00:00.000Z',
    message: '',
    action: 'seed',
    isDraft: true,
    isPublished: true,
    text,
    content: JSON.parse(text) as unknown,
  };
}

function renderPage(role: 'editor' | 'viewer' = 'editor') {
  useSessionStore.setState({ status: 'signed-in', session: { username: 'content-manager', role } });
  const router = createMemoryRouter([{ path: '/documents/:id', element: <DocumentPage /> }], {
    initialEntries: ['/documents/it-IT'],
  });
  return render(
    <ChakraProvider value={defaultSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
}

/** The page has loaded the draft; these tests start in the JSON view (the page opens the form; the first lazy import is slow under a loaded test run). */
const loaded = async () => {
  await userEvent.click(await screen.findByRole('tab', { name: 'JSON view' }, { timeout: 15_000 }));
  expect(await screen.findByRole('textbox', { name: /^it-IT JSON/ }, { timeout: 15_000 })).toHaveValue(seed);
};
const jsonText = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^it-IT JSON/ });
async function openTab(name: 'JSON view' | 'Form view') {
  await userEvent.click(screen.getByRole('tab', { name }));
  // The first open of each lazy view compiles its chunk; slow on a loaded machine.
  if (name === 'JSON view') await screen.findByRole('textbox', { name: /^it-IT JSON/ }, { timeout: 15_000 });
  else await screen.findByRole('form', { name: 'it-IT form' }, { timeout: 15_000 });
}
async function openGroups(...names: RegExp[]) {
  for (const name of names) await userEvent.click(await screen.findByRole('button', { name, expanded: false }));
}
const navTitle = async (item: RegExp) =>
  within(await screen.findByRole('group', { name: item })).getAllByLabelText('Title')[0] as HTMLInputElement;

beforeEach(() => {
  localStorage.clear();
  draftStore.getState().reset();
  useFormUi.setState({ documentId: null, section: null, open: {}, selected: {}, focus: null });
  vi.mocked(getDocument).mockImplementation(async (id) =>
    id === 'flags'
      ? version('flags', `${JSON.stringify(flags, null, 2)}\n`)
      : version(id as DocumentVersion['id'], seed),
  );
  vi.mocked(listDocuments).mockResolvedValue([{ id: 'it-IT', kind: 'locale' }] as never);
  vi.mocked(getHistory).mockResolvedValue({
    id: 'it-IT',
    draftVersion: 3,
    publishedVersion: 3,
    versions: [],
    publications: [],
  });
});

// Page-level renders with lazy views: generous on a loaded CI machine.
describe('document page: one store, two views', { timeout: 60_000 }, () => {
  it('an edit in the form shows in the JSON view after switching, and an edit in JSON shows in the form', async () => {
    renderPage();
    await loaded();

    await openTab('Form view');
    await openGroups(/^Public header/, /^Risparmio/);
    const title = await navTitle(/^Risparmio/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Risparmi e conti');
    expect(await screen.findByText(/Unsaved changes/)).toBeInTheDocument();

    await openTab('JSON view');
    await waitFor(() => expect(jsonText().value).toContain('"title": "Risparmi e conti"'));
    expect(jsonText().value).toBe(seed.replace('"title": "Risparmio"', '"title": "Risparmi e conti"'));

    fireEvent.change(jsonText(), {
      target: { value: jsonText().value.replace('"title": "Come funziona"', '"title": "Come si fa"') },
    });
    await openTab('Form view');
    // The groups opened before the switch are open again; the form shows the JSON edit.
    expect(await navTitle(/^Risparmi e conti/)).toHaveValue('Risparmi e conti');
    await openGroups(/^Come si fa/);
    expect(await navTitle(/^Come si fa/)).toHaveValue('Come si fa');
  });

  it("undo and redo work across both views: Monaco's keys, the page shortcut and the toolbar share one history", async () => {
    // Only the clock is fake, and it stands still unless advanced: typing merges into one undo step however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      renderPage();
      await loaded();
      await openTab('Form view');
      await openGroups(/^Public header/, /^Risparmio/);
      await userEvent.type(await navTitle(/^Risparmio/), ' plus');
      vi.advanceTimersByTime(1000);

      await openTab('JSON view');
      fireEvent.change(jsonText(), { target: { value: jsonText().value.replace('"Accedi"', '"Entra"') } });
      expect(draftStore.getState().past).toHaveLength(2);

      // Ctrl+Z in the JSON view goes to the store (Monaco's own stack is rebound): the JSON edit goes.
      jsonText().focus();
      await userEvent.keyboard('{Control>}z{/Control}');
      await waitFor(() => expect(jsonText().value).toContain('"Accedi"'));
      expect(jsonText().value).toContain('"Risparmio plus"');

      // Ctrl+Z in the form (the page's shortcut): the form edit goes too, and the field shows it.
      await openTab('Form view');
      (await navTitle(/^Risparmio plus/)).focus();
      await userEvent.keyboard('{Control>}z{/Control}');
      await waitFor(() => expect(draftStore.getState().text).toBe(seed));
      // The form was reset from the store; the field shows the old label and keeps the focus.
      const title = await navTitle(/^Risparmio$/);
      expect(title).toHaveValue('Risparmio');
      await waitFor(() => expect(title).toHaveFocus());
      expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();

      // Redo from the toolbar, then with Ctrl+Shift+Z; both edits are back, in both views.
      await userEvent.click(screen.getByRole('button', { name: 'Redo' }));
      expect(await navTitle(/^Risparmio plus/)).toHaveValue('Risparmio plus');
      await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
      await openTab('JSON view');
      await waitFor(() => expect(jsonText().value).toContain('"Entra"'));
      expect(jsonText().value).toContain('"Risparmio plus"');
    } finally {
      vi.useRealTimers();
    }
  });

  it("save sends the store's document; the problem list goes to the form field when the form is open", async () => {
    vi.mocked(saveDocument).mockResolvedValue({
      id: 'it-IT',
      version: 4,
      etag: '"v4"',
      author: 'content-manager',
      time: '…',
      message: 'm',
      action: 'save',
    });
    renderPage();
    await loaded();
    fireEvent.change(jsonText(), { target: { value: seed.replace('"basePath": "/it-it"', '"basePath": 42') } });
    await openTab('Form view');
    // The problems fold behind their count (docs/editor-workspace.md#problems).
    await userEvent.click(await screen.findByRole('button', { name: '1 problem' }));
    const problem = await screen.findByRole('button', { name: /^Go to the field \/basePath: expected string/ });
    expect(screen.getByText(/Saving is blocked: the draft has 1 problem/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save…' })).toBeDisabled();
    void problem;

    // Fix it back in JSON, edit a label in the form, then save: the request carries the form's edit.
    await openTab('JSON view');
    fireEvent.change(jsonText(), { target: { value: seed } });
    await openTab('Form view');
    await openGroups(/^Public header/, /^Risparmio/);
    await userEvent.type(await navTitle(/^Risparmio/), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save it-IT' });
    await userEvent.type(within(dialog).getByLabelText('Change message'), 'Exclaim');
    vi.mocked(getDocument).mockResolvedValueOnce(version('it-IT', seed.replace('"Risparmio"', '"Risparmio!"'), 4));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(saveDocument).toHaveBeenCalled());
    const [id, etag, content, message] = vi.mocked(saveDocument).mock.calls[0]!;
    expect([id, etag, message]).toEqual(['it-IT', '"v3"', 'Exclaim']);
    expect(
      (content as { header: { public: { navItems: { title: string }[] } } }).header.public.navItems[0]!.title,
    ).toBe('Risparmio!');
    expect(await screen.findByText('Saved it-IT.')).toBeInTheDocument();
  });

  it('a click on a problem in the form view focuses its field', async () => {
    renderPage();
    await loaded();
    fireEvent.change(jsonText(), { target: { value: seed.replace('"title": "Come funziona"', '"title": ""') } });
    await openTab('Form view');
    await userEvent.click(await screen.findByRole('button', { name: '1 problem' }));
    const problem = await screen.findByRole('button', {
      name: /^Go to the field \/header\/public\/navItems\/1\/title/,
    });
    await userEvent.click(problem);
    await waitFor(() =>
      expect(document.activeElement).toHaveAttribute('data-pointer', '/header/public/navItems/1/title'),
    );
    expect(document.activeElement).toHaveAttribute('aria-invalid', 'true');
  });

  it("autosave keeps the store's text, whichever view wrote it", async () => {
    renderPage();
    await loaded();
    await openTab('Form view');
    await openGroups(/^Public header/, /^Risparmio/);
    await userEvent.type(await navTitle(/^Risparmio/), '?');
    await waitFor(() => expect(localStorage.getItem('portal-editor:autosave:it-IT') ?? '').toContain('Risparmio?'));
  });

  it('viewers get the form read-only and no undo', async () => {
    renderPage('viewer');
    await loaded();
    expect(jsonText()).toHaveAttribute('readonly');
    await openTab('Form view');
    await openGroups(/^Public header/, /^Risparmio/);
    expect(await navTitle(/^Risparmio/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    act(() => undefined);
  });
});

describe('presence beside the title (docs/workflow.md#presence)', { timeout: 60_000 }, () => {
  beforeEach(() => FakeEventSource.install());
  afterEach(() => vi.unstubAllGlobals());

  it('registers you on the document and names whoever else has it open, never yourself; saving does not wait for it', async () => {
    renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: 'it-IT' }, { timeout: 15_000 });
    expect(FakeEventSource.last.url).toBe('/api/presence/stream?document=it-IT');
    act(() =>
      FakeEventSource.last.emit(
        'presence',
        snapshotData([
          { username: 'anna', document: 'it-IT' },
          { username: 'content-manager', document: 'it-IT' },
          { username: 'ben', document: 'de-DE' },
        ]),
      ),
    );
    const badge = within(heading.parentElement!).getByText('anna is editing it-IT');
    expect(badge).toBeVisible();
    expect(screen.queryByText(/content-manager is editing/)).toBeNull();
    expect(screen.queryByText(/ben is editing/)).toBeNull();
    // The stream going down takes the badge away and leaves the editor as it was.
    act(() => FakeEventSource.last.fail(false));
    expect(screen.queryByText(/is editing/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Save…' })).toBeInTheDocument();
  });
});
