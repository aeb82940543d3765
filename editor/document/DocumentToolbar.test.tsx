/**
 * With approval on, the document toolbar offers "Request review…" instead of "Publish…", which puts the
 * document into a change set, submits it and links to it (docs/workflow.md#approval).
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { actOnChangeSet, createChangeSet, listChangeSets } from '../api/change-sets-api';
import { changeSet } from '../change-sets/__fixtures__/change-set';
import { useWorkflowSettings } from '../change-sets/workflow-settings';
import { draftStore } from '../store/draft-store';
import { DocumentToolbar, type DocumentToolbarProps } from './DocumentToolbar';

vi.mock('../api/change-sets-api', () => ({ listChangeSets: vi.fn(), createChangeSet: vi.fn(), actOnChangeSet: vi.fn() }));

const props: DocumentToolbarProps = { canEdit: true, dirty: false, publishing: false, onSave: vi.fn(), onPublish: vi.fn() };

function renderToolbar(overrides: Partial<DocumentToolbarProps> = {}) {
  return render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter>
        <DocumentToolbar {...props} {...overrides} />
      </MemoryRouter>
    </ChakraProvider>,
  );
}

beforeEach(() => {
  draftStore.getState().load('de-DE', '{}\n');
  useWorkflowSettings.setState({ requireApproval: null, status: 'idle' });
});

describe('the document toolbar’s publish button', () => {
  it('stays Publish… when the service publishes without approval', async () => {
    vi.mocked(listChangeSets).mockResolvedValue({ changeSets: [], requireApproval: false });
    renderToolbar();
    await vi.waitFor(() => expect(useWorkflowSettings.getState().status).toBe('done'));
    await userEvent.click(screen.getByRole('button', { name: 'Publish…' }));
    expect(props.onPublish).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Request review…' })).toBeNull();
  });

  it('becomes Request review… with approval on: creates a set titled with the message, submits it, links to it', async () => {
    vi.mocked(listChangeSets).mockResolvedValue({ changeSets: [], requireApproval: true });
    const created = changeSet({ title: 'Zahlarten', revision: 1 });
    vi.mocked(createChangeSet).mockResolvedValue(created);
    vi.mocked(actOnChangeSet).mockResolvedValue({ ...created, state: 'in-review', revision: 2 });
    renderToolbar();
    await userEvent.click(await screen.findByRole('button', { name: 'Request review…' }));
    expect(screen.queryByRole('button', { name: 'Publish…' })).toBeNull();
    // The dialog is its own chunk, loaded when first opened (docs/editor-bundle.md#what-waits-until-it-is-used).
    await userEvent.type(await screen.findByRole('textbox', { name: /What changed/ }), 'Zahlarten');
    await userEvent.click(screen.getByRole('button', { name: 'Request review' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Created “Zahlarten” and submitted it for review.');
    expect(screen.getByRole('link', { name: 'Open the change set' })).toHaveAttribute('href', `/change-sets/${created.id}`);
    expect(createChangeSet).toHaveBeenCalledWith({ title: 'Zahlarten', documents: ['de-DE'] });
    expect(actOnChangeSet).toHaveBeenCalledWith(created.id, 1, { action: 'submit' });
  });

  it('is disabled with the same reason as publishing when the draft cannot go yet', async () => {
    vi.mocked(listChangeSets).mockResolvedValue({ changeSets: [], requireApproval: true });
    renderToolbar({ dirty: true, publishBlockedReason: 'Save your changes before publishing.' });
    expect(await screen.findByRole('button', { name: 'Request review…' })).toBeDisabled();
  });

  it('keeps Publish… when the change sets cannot be read (the service still refuses a publish that needs approval)', async () => {
    vi.mocked(listChangeSets).mockRejectedValue(new Error('offline'));
    renderToolbar();
    await vi.waitFor(() => expect(useWorkflowSettings.getState().status).toBe('done'));
    expect(screen.getByRole('button', { name: 'Publish…' })).toBeEnabled();
  });
});
