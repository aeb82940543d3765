import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shippedReviewLoader } from '../audience/__fixtures__/review-loader';
import { shippedText } from '../audience/__fixtures__/shipped-documents';
import { createAnalysisClient } from '../audience/analysis-client';
import { PublishDialog, type PublishDialogProps } from './PublishDialog';

const SLOW = { timeout: 20_000 };

/** jsdom has no Worker: the review runs in this thread. */
const inThread = () => createAnalysisClient({ useWorker: false });
const loader = vi.fn(shippedReviewLoader);

function renderDialog(props: Partial<PublishDialogProps> = {}) {
  const onPublish = vi.fn().mockResolvedValue({ ok: true });
  const onClose = vi.fn();
  render(
    <ChakraProvider value={defaultSystem}>
      <PublishDialog
        open
        documentId="de-DE"
        draftText={shippedText('de-DE')}
        draftVersion={2}
        onClose={onClose}
        onPublish={onPublish}
        clientFactory={inThread}
        loader={loader}
        {...props}
      />
    </ChakraProvider>,
  );
  return { onPublish, onClose };
}

describe('PublishDialog', { timeout: 60_000 }, () => {
  it('reviews a change behind a flag with exactly the audiences that have it on', async () => {
    renderDialog({ draftText: shippedText('de-DE').replace('"title": "Zahlungsmethoden"', '"title": "Zahlarten"') });
    const dialog = await screen.findByRole('dialog', { name: 'Publish de-DE' });
    const change = await within(dialog).findByRole('article', { name: 'Label: Zahlarten (de-DE)' }, SLOW);
    expect(change).toHaveTextContent('“Zahlungsmethoden” → “Zahlarten”');
    expect(
      within(change)
        .getAllByTestId('audience')
        .map((a) => a.textContent),
    ).toEqual(['de-DE — customer, company — with paymentMethodScreens on']);
    expect(loader).toHaveBeenCalledWith(['de-DE']);
  });

  it('says when nothing changes for any audience', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Publish de-DE' });
    expect(await within(dialog).findByText('No item changes for any audience.', undefined, SLOW)).toBeInTheDocument();
  });

  it('holds the publish button until the review is ready, then publishes on confirm and closes', async () => {
    // The documents arrive only when the test lets them: on a fast run the review could otherwise be ready
    // before the dialog is first looked at.
    let deliver!: () => void;
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    const { onPublish, onClose } = renderDialog({
      loader: async (ids) => {
        await delivered;
        return shippedReviewLoader(ids);
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Publish de-DE' });
    expect(within(dialog).getByRole('button', { name: 'Publish v2' })).toBeDisabled();
    deliver();
    await within(dialog).findByText('No item changes for any audience.', undefined, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish v2' }));
    expect(onPublish).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('keeps the dialog open with the reason when the publish is refused', async () => {
    const { onClose } = renderDialog({
      onPublish: vi.fn().mockResolvedValue({ ok: false, message: 'de-DE changed since you read it' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Publish de-DE' });
    await within(dialog).findByText('No item changes for any audience.', undefined, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish v2' }));
    expect(await within(dialog).findByText('Not published: de-DE changed since you read it')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when the review cannot be computed, and still lets you publish', async () => {
    renderDialog({ loader: vi.fn().mockRejectedValue(new Error('The config service could not be reached.')) });
    const dialog = await screen.findByRole('dialog', { name: 'Publish de-DE' });
    expect(await within(dialog).findByRole('alert', undefined, SLOW)).toHaveTextContent(
      'The review could not be computed: The config service could not be reached.',
    );
    expect(dialog).toHaveTextContent('You can still publish.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Publish v2' })).toBeEnabled());
  });
});
