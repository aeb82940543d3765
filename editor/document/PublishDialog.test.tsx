import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { documentIdFromFileName, LOCALE_CONFIG_IDS } from '../../schemas/validator/documents';
import { createAnalysisClient } from '../audience/analysis-client';
import type { PublishedDocuments } from '../audience/load-documents';
import { PublishDialog, type PublishDialogProps } from './PublishDialog';

const CONFIG = path.resolve(__dirname, '../../config');
/** The documents as the service seeds them (locales.json is the registry beside them, not a document). */
const published = readdirSync(CONFIG)
  .filter((n) => documentIdFromFileName(n) !== undefined)
  .map((n) => ({ id: n.replace(/\.json$/, ''), text: readFileSync(path.join(CONFIG, n), 'utf8') }));
const text = (id: string) => published.find((d) => d.id === id)!.text;
const SLOW = { timeout: 20_000 };

/** jsdom has no Worker: the review runs in this thread. */
const inThread = () => createAnalysisClient({ useWorker: false });
const loader = vi.fn(async (): Promise<PublishedDocuments> => ({ documents: published, excluded: [], publishedVersion: 1 }));

function renderDialog(props: Partial<PublishDialogProps> = {}) {
  const onPublish = vi.fn().mockResolvedValue({ ok: true });
  const onClose = vi.fn();
  render(
    <ChakraProvider value={defaultSystem}>
      <PublishDialog open documentId="fi-FI" draftText={text('fi-FI')} draftVersion={2} onClose={onClose} onPublish={onPublish} clientFactory={inThread} loader={loader} {...props} />
    </ChakraProvider>,
  );
  return { onPublish, onClose };
}

const forCompaniesOnly = text('fi-FI').replace('"id": "talletussalkku",', '"id": "talletussalkku", "visibility": { "customerType": "company" },');

describe('PublishDialog', { timeout: 60_000 }, () => {
  it('lists what disappears for whom, compared with the published version', async () => {
    renderDialog({ draftText: forCompaniesOnly });
    const dialog = await screen.findByRole('dialog', { name: 'Publish fi-FI' });
    const changes = await within(dialog).findByRole('region', { name: 'Changes for fi-FI: customer, pending' }, SLOW);
    expect(changes).toHaveTextContent('Disappears: “Talletussalkku” (header.private › Tarjoukset) on');
    expect(within(dialog).getAllByRole('region')).toHaveLength(1);
    expect(dialog).toHaveTextContent('Compared with the published version (v1), with every flag at its default.');
    expect(loader).toHaveBeenCalledWith('fi-FI');
  });

  it('says when no audience sees a change', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Publish fi-FI' });
    expect(await within(dialog).findByText('No visible change for any audience.', undefined, SLOW)).toBeInTheDocument();
  });

  it('groups audiences with the same change: a renamed market shows to every persona of every locale', async () => {
    renderDialog({ documentId: 'markets', draftText: text('markets').replace('"country": "Suomi"', '"country": "Suomi – Finland"') });
    const dialog = await screen.findByRole('dialog', { name: 'Publish markets' });
    const changes = await within(dialog).findByRole('region', { name: /^Changes for de-AT: every persona; de-CH: every persona; de-DE: every persona;/ }, SLOW);
    expect(changes).toHaveTextContent('Renamed: “Suomi” → “Suomi – Finland” (market picker)');
    expect(dialog).toHaveTextContent(`in all ${LOCALE_CONFIG_IDS.length} locales`);
  });

  it('publishes on confirm and closes', async () => {
    const { onPublish, onClose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Publish fi-FI' });
    await within(dialog).findByText('No visible change for any audience.', undefined, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish v2' }));
    expect(onPublish).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('keeps the dialog open with the reason when the publish is refused', async () => {
    const { onClose } = renderDialog({ onPublish: vi.fn().mockResolvedValue({ ok: false, message: 'fi-FI changed since you read it' }) });
    const dialog = await screen.findByRole('dialog', { name: 'Publish fi-FI' });
    await within(dialog).findByText('No visible change for any audience.', undefined, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish v2' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not published: fi-FI changed since you read it');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when the review cannot be computed, and still lets you publish', async () => {
    renderDialog({ loader: vi.fn().mockRejectedValue(new Error('The config service could not be reached.')) });
    const dialog = await screen.findByRole('dialog', { name: 'Publish fi-FI' });
    expect(await within(dialog).findByRole('alert', undefined, SLOW)).toHaveTextContent('The review could not be computed: The config service could not be reached. You can still publish.');
    expect(within(dialog).getByRole('button', { name: 'Publish v2' })).toBeEnabled();
  });
});
