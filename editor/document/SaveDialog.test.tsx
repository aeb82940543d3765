import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ValidatorStatus } from '../validation/live-validator';
import { SaveDialog, type SaveDialogProps } from './SaveDialog';

const checks = vi.hoisted(() => ({ status: 'ready' as ValidatorStatus }));
vi.mock('../validation/live-validator', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../validation/live-validator')>()),
  useValidatorStatus: () => checks.status,
}));
beforeEach(() => {
  checks.status = 'ready';
});

vi.mock('../review/DiffView', () => ({
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

const serverText = '{\n  "title": "Sparen",\n  "href": "/sparen"\n}\n';
// The editor's text, formatted differently from what the service will store.
const draftText = '{ "title": "Sparen 2", "href": "/sparen" }';

function renderDialog(props: Partial<SaveDialogProps> = {}) {
  const onSave = props.onSave ?? vi.fn().mockResolvedValue({ ok: true });
  const onClose = vi.fn();
  render(
    <ChakraProvider value={defaultSystem}>
      <SaveDialog open documentId="nl-NL" onClose={onClose} onSave={onSave} {...props} />
    </ChakraProvider>,
  );
  return { onSave, onClose };
}

describe('SaveDialog', () => {
  it('shows the diff of the draft against the server version above the change message', async () => {
    renderDialog({ serverText, serverVersion: 4, draftText });
    const dialog = await screen.findByRole('dialog', { name: 'Save nl-NL' });
    const changes = within(dialog).getByRole('region', { name: 'Changes to save' });
    expect(changes).toHaveTextContent('Before: the server version (v4). After: your draft, as it will be saved.');
    expect(changes).toHaveTextContent('1 change');
    expect(changes).toHaveTextContent('/title changed');
    // Both sides in the stored formatting, so the diff shows the content change only.
    expect(await within(changes).findByLabelText('right: your draft, as it will be saved')).toHaveTextContent(
      '"title": "Sparen 2",',
    );
    expect(within(changes).getByLabelText('left: the server version (v4)').textContent).toBe(serverText);
    // The diff comes before the message field.
    const message = within(dialog).getByLabelText('Change message');
    expect(changes.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('saves with the trimmed message and closes', async () => {
    const { onSave, onClose } = renderDialog({ serverText, serverVersion: 4, draftText });
    await userEvent.type(await screen.findByLabelText('Change message'), '  Rename the savings menu  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith('Rename the savings menu');
  });

  it('keeps the dialog open with the reason when the save fails', async () => {
    const { onClose } = renderDialog({
      serverText,
      draftText,
      onSave: vi.fn().mockResolvedValue({ ok: false, message: 'The JSON does not parse; fix the syntax first.' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The JSON does not parse');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says why a blocked save cannot happen, and shows no diff without the texts', async () => {
    renderDialog({ blockedReason: 'Saving is blocked: 2 problems.' });
    const dialog = await screen.findByRole('dialog', { name: 'Save nl-NL' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Saving is blocked: 2 problems.');
    expect(within(dialog).getByRole('button', { name: 'Save draft' })).toBeDisabled();
    expect(within(dialog).queryByRole('region', { name: 'Changes to save' })).toBeNull();
  });

  it('saves before the live checks have run, saying the service checks the draft (docs/editor-bundle.md#actions-before-the-checks-have-run)', async () => {
    const note = /The live checks have not run yet: the service checks the draft as it saves it/;
    for (const status of ['loading', 'failed'] as const) {
      checks.status = status;
      const { onSave } = renderDialog({ serverText, draftText });
      const dialog = await screen.findByRole('dialog', { name: 'Save nl-NL' });
      expect(within(dialog).getByText(note)).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(onSave).toHaveBeenCalled());
      cleanup();
    }
    checks.status = 'ready';
    renderDialog({ serverText, draftText });
    await screen.findByRole('dialog', { name: 'Save nl-NL' });
    expect(screen.queryByText(note)).toBeNull();
  });
});
