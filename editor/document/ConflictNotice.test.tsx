import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { saveDocument } from '../api/documents-api';
import type { DocumentVersion } from '../../schemas/contracts';
import { ConflictNotice, type ConflictNoticeProps } from './ConflictNotice';
import type { Conflict } from './use-document-editor';

vi.mock('../api/documents-api', () => ({ saveDocument: vi.fn() }));
vi.mock('../review/DiffView', () => ({
  default: ({ original, modified }: { original: string; modified: string }) => (
    <div data-testid="diff">
      <pre data-testid="diff-left">{original}</pre>
      <pre data-testid="diff-right">{modified}</pre>
    </div>
  ),
}));

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const base = { title: 'Sparen', href: '/sparen', icon: 'piggy' };
const theirs: DocumentVersion = {
  id: 'nl-NL',
  kind: 'locale',
  version: 5,
  etag: '"v5"',
  author: 'colleague',
  time: '2026-01-05T10:00:00.000Z',
  message: 'new icon',
  action: 'save',
  isDraft: true,
  isPublished: false,
  text: json({ ...base, icon: 'coins' }),
  content: { ...base, icon: 'coins' },
};
const conflict: Conflict = {
  theirs,
  mine: json({ ...base, title: 'Sparen!' }),
  message: 'nl-NL changed since you read it',
};

function renderNotice(props: Partial<ConflictNoticeProps> = {}) {
  const handlers = { onLoadTheirs: vi.fn(), onUseMine: vi.fn(), onDismiss: vi.fn() };
  const ui = (p: Partial<ConflictNoticeProps>): ReactElement => (
    <ChakraProvider value={defaultSystem}>
      <ConflictNotice conflict={conflict} theirsLoaded={false} {...handlers} {...p} />
    </ChakraProvider>
  );
  const view = render(ui(props));
  return { ...handlers, rerender: (p: Partial<ConflictNoticeProps>) => view.rerender(ui(p)) };
}

describe('ConflictNotice', () => {
  it('without a merge base, offers to load their version and then keeps my copy beside it', async () => {
    const { onLoadTheirs, rerender, onUseMine } = renderNotice();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Not saved: someone else saved this document first');
    expect(alert).toHaveTextContent(
      'nl-NL changed since you read it (“new icon”). Your edits are still in the editor.',
    );
    expect(screen.queryByRole('region', { name: /Merge your changes/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load their version (keep a copy of mine)' }));
    expect(onLoadTheirs).toHaveBeenCalledOnce();

    rerender({ theirsLoaded: true });
    expect(screen.getByLabelText('My copy (read-only)')).toHaveValue(conflict.mine);
    await userEvent.click(screen.getByRole('button', { name: 'Replace theirs with my copy' }));
    expect(onUseMine).toHaveBeenCalledOnce();
  });

  it('with a merge base, shows the three-way merge instead, and saving it reports the new draft', async () => {
    vi.mocked(saveDocument).mockResolvedValue({
      id: 'nl-NL',
      version: 6,
      etag: '"v6"',
      author: 'content-manager',
      time: '…',
      message: 'm',
      action: 'save',
    });
    const onMerged = vi.fn();
    const { onDismiss } = renderNotice({ baseText: json(base), onMerged });
    expect(screen.getByRole('alert')).toHaveTextContent('Merge them with theirs below');
    expect(screen.queryByRole('button', { name: /Load their version/ })).toBeNull();
    const merge = screen.getByRole('region', { name: 'Merge your changes with version 5 by colleague' });
    expect(await within(merge).findByTestId('diff-right')).toHaveTextContent('"title": "Sparen!"');
    expect(within(merge).getByTestId('diff-right')).toHaveTextContent('"icon": "coins"');

    await userEvent.click(within(merge).getByRole('button', { name: 'Save merged' }));
    await waitFor(() => expect(onMerged).toHaveBeenCalledWith(expect.objectContaining({ version: 6, etag: '"v6"' })));
    expect(saveDocument).toHaveBeenCalledWith(
      'nl-NL',
      '"v5"',
      { ...base, title: 'Sparen!', icon: 'coins' },
      expect.any(String),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss (my edits stay in the editor)' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('keeps the base it captured when the page’s draft moves on, and takes a new one with a new conflict', async () => {
    const { rerender } = renderNotice({ baseText: json(base), onMerged: vi.fn() });
    // E.g. the page adopted their draft: merging against it as "base" would silently drop their change.
    rerender({ baseText: theirs.text, onMerged: vi.fn() });
    expect(await screen.findByTestId('diff-right')).toHaveTextContent('"icon": "coins"');
    expect(screen.getByRole('region', { name: /Merge your changes/ })).toHaveTextContent('Nothing conflicts');

    // A new refused save (based on their version this time): my change to icon now conflicts with nothing.
    const next: Conflict = {
      ...conflict,
      mine: json({ ...base, icon: 'vault' }),
      theirs: { ...theirs, version: 6, etag: '"v6"', text: json({ ...base, icon: 'coins', href: '/s' }) },
    };
    rerender({ conflict: next, baseText: theirs.text, onMerged: vi.fn() });
    const merge = screen.getByRole('region', { name: 'Merge your changes with version 6 by colleague' });
    expect(merge).toHaveTextContent('Nothing conflicts');
    expect(await within(merge).findByTestId('diff-right')).toHaveTextContent('"icon": "vault"');
    expect(within(merge).getByTestId('diff-right')).toHaveTextContent('"href": "/s"');
  });

  it('falls back to loading their version when my text is not valid JSON', () => {
    renderNotice({ conflict: { ...conflict, mine: '{"title": ' }, baseText: json(base), onMerged: vi.fn() });
    expect(screen.queryByRole('region', { name: /Merge your changes/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Load their version (keep a copy of mine)' })).toBeInTheDocument();
  });
});
