import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/api-error';
import { saveDocument } from '../api/documents-api';
import type { DocumentVersion, SavedVersion } from '../../schemas/contracts';
import { MergeView } from './MergeView';

vi.mock('../api/documents-api', () => ({ saveDocument: vi.fn() }));
// Monaco does not run in jsdom; the diff's two sides are rendered as text instead.
vi.mock('./DiffView', () => ({
  default: ({
    original,
    modified,
    originalLabel,
    modifiedLabel,
  }: {
    original: string;
    modified: string;
    originalLabel: string;
    modifiedLabel: string;
  }) => (
    <div data-testid="diff">
      <pre aria-label={`left: ${originalLabel}`}>{original}</pre>
      <pre aria-label={`right: ${modifiedLabel}`}>{modified}</pre>
    </div>
  ),
}));

const save = vi.mocked(saveDocument);

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const doc = {
  locale: 'nl-NL',
  items: [
    { id: 'a', title: 'A' },
    { id: 'b', title: 'B' },
    { id: 'c', title: 'C' },
  ],
};
const edit = (titles: Partial<Record<'a' | 'b' | 'c', string>>) => ({
  ...doc,
  items: doc.items.map((i) => ({ ...i, title: titles[i.id as 'a' | 'b' | 'c'] ?? i.title })),
});

function version(version: number, content: unknown, author = 'colleague'): DocumentVersion {
  return {
    id: 'nl-NL',
    kind: 'locale',
    version,
    etag: `"v${version}"`,
    author,
    time: '2026-01-05T10:00:00.000Z',
    message: 'their change',
    action: 'save',
    isDraft: true,
    isPublished: false,
    text: json(content),
    content,
  };
}
const savedMeta = (v: number): SavedVersion => ({
  id: 'nl-NL',
  version: v,
  etag: `"v${v}"`,
  author: 'content-manager',
  time: '2026-01-05T10:05:00.000Z',
  message: 'merged',
  action: 'save',
});

function renderMerge(props: { base: unknown; mine: unknown; theirs: DocumentVersion; mineText?: string }) {
  const onSaved = vi.fn();
  render(
    <ChakraProvider value={defaultSystem}>
      <MergeView
        base={json(props.base)}
        mine={props.mineText ?? JSON.stringify(props.mine)}
        theirs={props.theirs}
        onSaved={onSaved}
      />
    </ChakraProvider>,
  );
  return { onSaved };
}

describe('MergeView', () => {
  it('merges changes to different fields without asking, shows theirs → merged, and saves with their ETag', async () => {
    save.mockResolvedValue(savedMeta(6));
    const { onSaved } = renderMerge({
      base: doc,
      mine: edit({ a: 'A mine' }),
      theirs: version(5, edit({ c: 'C theirs' })),
    });
    const region = screen.getByRole('region', { name: 'Merge your changes with version 5 by colleague' });
    expect(region).toHaveTextContent('Nothing conflicts');
    expect(screen.queryAllByRole('radiogroup')).toHaveLength(0);

    // The review diff: their version on the left, the merged result (with my change) on the right.
    const diff = await screen.findByTestId('diff');
    expect(within(diff).getByLabelText(/^left: version 5 by colleague/)).toHaveTextContent('"C theirs"');
    expect(within(diff).getByLabelText(/^right: the merged result/)).toHaveTextContent('"A mine"');
    expect(within(diff).getByLabelText(/^right: the merged result/)).toHaveTextContent('"C theirs"');
    expect(screen.getByRole('region', { name: 'Their version and the merged result' })).toHaveTextContent(
      '/items/0/title changed',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Save merged' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(savedMeta(6)));
    expect(save).toHaveBeenCalledWith(
      'nl-NL',
      '"v5"',
      edit({ a: 'A mine', c: 'C theirs' }),
      'Merged my changes with version 5 by colleague',
    );
  });

  it('blocks the save until every conflict has a pick, then saves the picked values', async () => {
    save.mockResolvedValue(savedMeta(6));
    const { onSaved } = renderMerge({
      base: doc,
      mine: edit({ a: 'A mine', b: 'B mine' }),
      theirs: version(5, edit({ a: 'A theirs', b: 'B theirs', c: 'C theirs' })),
    });
    expect(screen.getByRole('region', { name: /Merge your changes/ })).toHaveTextContent(
      '2 fields were changed on both sides',
    );
    const saveButton = screen.getByRole('button', { name: 'Save merged' });
    expect(saveButton).toBeDisabled();
    expect(screen.getByText('Pick mine or theirs for all 2 open conflicts first.')).toBeInTheDocument();

    const first = screen.getByRole('radiogroup', { name: /items › a › title/ });
    expect(first).toHaveTextContent('/items/0/title');
    expect(first).toHaveTextContent('Was: "A"');
    await userEvent.click(within(first).getByRole('radio', { name: 'Keep mine: "A mine"' }));
    expect(saveButton).toBeDisabled();
    expect(screen.getByText('Pick mine or theirs for the open conflict first.')).toBeInTheDocument();
    const second = screen.getByRole('radiogroup', { name: /items › b › title/ });
    await userEvent.click(within(second).getByRole('radio', { name: 'Keep theirs: "B theirs"' }));
    // The radio group's machine reports a choice asynchronously; under load that lands after the click resolves.
    await waitFor(() => expect(saveButton).toBeEnabled());

    await userEvent.clear(screen.getByLabelText('Change message for the merged save'));
    await userEvent.type(screen.getByLabelText('Change message for the merged save'), 'Merge menu titles');
    await userEvent.click(saveButton);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith(
      'nl-NL',
      '"v5"',
      edit({ a: 'A mine', b: 'B theirs', c: 'C theirs' }),
      'Merge menu titles',
    );
  });

  it('picks one side for every conflict at once', async () => {
    save.mockResolvedValue(savedMeta(6));
    renderMerge({
      base: doc,
      mine: edit({ a: 'A mine', b: 'B mine' }),
      theirs: version(5, edit({ a: 'A theirs', b: 'B theirs' })),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Keep mine for all' }));
    for (const group of screen.getAllByRole('radiogroup'))
      expect(within(group).getByRole('radio', { name: /^Keep mine/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save merged' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith('nl-NL', '"v5"', edit({ a: 'A mine', b: 'B mine' }), expect.any(String)),
    );
  });

  it('on another 412, merges the merged result with the newer draft and saves with its ETag', async () => {
    const v6 = version(6, edit({ a: 'A theirs', c: 'C third' }), 'third person');
    save
      .mockRejectedValueOnce(
        new ApiError('conflict', 412, 'nl-NL changed since you read it', 'stale-version', undefined, [], v6),
      )
      .mockResolvedValueOnce(savedMeta(7));
    const { onSaved } = renderMerge({
      base: doc,
      mine: edit({ b: 'B mine' }),
      theirs: version(5, edit({ a: 'A theirs' })),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save merged' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Version 6 was saved by third person while you merged');
    expect(
      screen.getByRole('region', { name: 'Merge your changes with version 6 by third person' }),
    ).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save merged' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(savedMeta(7)));
    expect(save).toHaveBeenLastCalledWith(
      'nl-NL',
      '"v6"',
      edit({ a: 'A theirs', b: 'B mine', c: 'C third' }),
      'Merged my changes with version 6 by third person',
    );
  });

  it('shows the problems of a refused (422) merged save and keeps the merge open', async () => {
    save.mockImplementation(async () => {
      throw new ApiError(
        'invalid-document',
        422,
        'nl-NL has 1 problem',
        'invalid-document',
        'nothing was saved; fix the problems and save again',
        [
          {
            code: 'duplicate-id',
            file: 'draft nl-NL',
            line: 4,
            column: 3,
            pointer: '/items/1/id',
            message: 'id "a" is used twice',
            hint: 'ids must be unique',
          },
        ],
      );
    });
    const { onSaved } = renderMerge({
      base: doc,
      mine: edit({ a: 'A mine' }),
      theirs: version(5, edit({ c: 'C theirs' })),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save merged' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Not saved: nl-NL has 1 problem (nothing was saved; fix the problems and save again)',
    );
    expect(alert).toHaveTextContent('/items/1/id id "a" is used twice (hint: ids must be unique)');
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save merged' })).toBeEnabled();
  });

  it('says the merge is saved when only loading it into the editor fails', async () => {
    save.mockResolvedValue(savedMeta(6));
    const onSaved = vi.fn().mockRejectedValue(new Error('The config service could not be reached.'));
    render(
      <ChakraProvider value={defaultSystem}>
        <MergeView
          base={json(doc)}
          mine={JSON.stringify(edit({ a: 'A mine' }))}
          theirs={version(5, edit({ c: 'C theirs' }))}
          onSaved={onSaved}
        />
      </ChakraProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save merged' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Saved as version 6, but the editor could not load it (The config service could not be reached). Reload the page to see it.',
    );
  });

  it('shows my changes and their changes against the base in their own tabs', async () => {
    renderMerge({ base: doc, mine: edit({ a: 'A mine' }), theirs: version(5, edit({ c: 'C theirs' })) });
    await userEvent.click(screen.getByRole('tab', { name: 'My changes' }));
    const mine = screen.getByRole('region', { name: 'My changes' });
    expect(mine).toHaveTextContent('/items/0/title changed');
    expect(within(mine).getByLabelText(/^right: your text/)).toHaveTextContent('"A mine"');
    await userEvent.click(screen.getByRole('tab', { name: 'Their changes' }));
    expect(await screen.findByRole('region', { name: 'Their changes' })).toHaveTextContent('/items/2/title changed');
  });

  it('says so when my text is not valid JSON', () => {
    renderMerge({ base: doc, mine: null, mineText: '{"locale": ', theirs: version(5, doc) });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No field-by-field merge is possible: your text is not valid JSON',
    );
    expect(screen.queryByRole('button', { name: 'Save merged' })).toBeNull();
  });
});
