import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDocument, getHistory } from '../api/documents-api';
import type { DocumentHistory, DocumentVersion, HistoryEntry } from '../../schemas/contracts';
import { HistoryPanel, type HistoryPanelProps } from './HistoryPanel';

vi.mock('../api/documents-api', () => ({ getHistory: vi.fn(), getDocument: vi.fn() }));
vi.mock('../review/DiffView', () => ({
  default: ({ original, modified }: { original: string; modified: string }) => (
    <div>
      <pre data-testid="diff-left">{original}</pre>
      <pre data-testid="diff-right">{modified}</pre>
    </div>
  ),
}));

const entry = (version: number, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  version,
  etag: `"v${version}"`,
  author: version === 1 ? 'seed' : 'content-manager',
  time: '2026-01-05T10:00:00.000Z',
  message: `message ${version}`,
  action: version === 1 ? 'seed' : 'save',
  isDraft: false,
  isPublished: false,
  ...extra,
});
const history: DocumentHistory = {
  id: 'nl-NL',
  draftVersion: 3,
  publishedVersion: 1,
  versions: [
    entry(3, { isDraft: true, action: 'restore', restoredFrom: 1, message: 'Restored version 1' }),
    entry(2),
    entry(1, { isPublished: true }),
  ],
  publications: [],
};
const texts: Record<number, string> = {
  1: '{\n  "title": "A"\n}\n',
  2: '{\n  "title": "B",\n  "icon": "x"\n}\n',
  3: '{\n  "title": "A"\n}\n',
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getHistory).mockResolvedValue(history);
  vi.mocked(getDocument).mockImplementation(
    async (_id, version) => ({ id: 'nl-NL', version, text: texts[version as number] }) as unknown as DocumentVersion,
  );
});

function renderPanel(props: Partial<HistoryPanelProps> = {}) {
  const onRestore = vi.fn().mockResolvedValue({ ok: true });
  render(
    <ChakraProvider value={defaultSystem}>
      <HistoryPanel documentId="nl-NL" revision={1} canRestore onRestore={onRestore} {...props} />
    </ChakraProvider>,
  );
  return { onRestore };
}

describe('HistoryPanel', () => {
  it('shows the diff of a version against the one before it, fetched from the version endpoint', async () => {
    renderPanel();
    const panel = screen.getByRole('region', { name: 'History' });
    const show = await within(panel).findByRole('button', { name: 'Show the diff of version 2' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);

    const diff = await screen.findByRole('region', { name: 'Changes in version 2' });
    expect(diff).toHaveTextContent('Before: version 1. After: version 2.');
    expect(diff).toHaveTextContent('2 changes');
    expect(diff).toHaveTextContent('/title changed');
    expect(diff).toHaveTextContent('/icon added');
    expect(await within(diff).findByTestId('diff-left')).toHaveTextContent('"title": "A"');
    expect(within(diff).getByTestId('diff-right')).toHaveTextContent('"title": "B"');
    expect(getDocument).toHaveBeenCalledWith('nl-NL', 1);
    expect(getDocument).toHaveBeenCalledWith('nl-NL', 2);
    const hide = within(panel).getByRole('button', { name: 'Hide the diff of version 2' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(hide).toHaveAttribute('aria-controls', diff.closest('td')?.id);

    await userEvent.click(hide);
    expect(screen.queryByRole('region', { name: 'Changes in version 2' })).toBeNull();
  });

  it('shows one diff at a time, names a restore, and fetches each version only once', async () => {
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Show the diff of version 2' }));
    await screen.findByRole('region', { name: 'Changes in version 2' });
    await userEvent.click(screen.getByRole('button', { name: 'Show the diff of version 3' }));
    const diff = await screen.findByRole('region', { name: 'Changes in version 3' });
    expect(screen.queryByRole('region', { name: 'Changes in version 2' })).toBeNull();
    expect(diff).toHaveTextContent('After: version 3 (restored from version 1).');
    expect(vi.mocked(getDocument).mock.calls.filter(([, v]) => v === 2)).toHaveLength(1);
  });

  it('offers no diff for the first version, and says when the versions cannot be loaded', async () => {
    vi.mocked(getDocument).mockRejectedValue(new Error('The config service could not be reached.'));
    renderPanel();
    await screen.findByRole('button', { name: 'Show the diff of version 2' });
    expect(screen.queryByRole('button', { name: 'Show the diff of version 1' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show the diff of version 2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the diff: The config service could not be reached.',
    );
  });

  it('restores a version, and lets viewers read diffs without restore buttons', async () => {
    const { onRestore } = renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    await waitFor(() => expect(onRestore).toHaveBeenCalledWith(1));
    expect(screen.queryByRole('button', { name: 'Restore version 3' })).toBeNull();
  });

  it('has no restore buttons for viewers but still the diffs', async () => {
    renderPanel({ canRestore: false });
    await screen.findByRole('button', { name: 'Show the diff of version 2' });
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
  });
});
