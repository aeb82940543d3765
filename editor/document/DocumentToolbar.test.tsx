/**
 * With approval on, the document toolbar offers "Request review…" instead of "Publish…", which puts the
 * document into a change set, submits it and links to it (docs/workflow.md#approval). Neither goes ahead before
 * the live checks have run (docs/editor-bundle.md#actions-before-the-checks-have-run).
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { actOnChangeSet, createChangeSet, listChangeSets } from '../api/change-sets-api';
import { changeSet } from '../change-sets/__fixtures__/change-set';
import { useWorkflowSettings } from '../change-sets/workflow-settings';
import { draftStore } from '../store/draft-store';
import type { ValidatorStatus } from '../validation/live-validator';
import { DocumentToolbar, uncheckedReason, type DocumentToolbarProps } from './DocumentToolbar';

vi.mock('../api/change-sets-api', () => ({
  listChangeSets: vi.fn(),
  createChangeSet: vi.fn(),
  actOnChangeSet: vi.fn(),
}));
const checks = vi.hoisted(() => ({ status: 'ready' as ValidatorStatus }));
vi.mock('../validation/live-validator', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../validation/live-validator')>()),
  useValidatorStatus: () => checks.status,
}));

const props: DocumentToolbarProps = {
  canEdit: true,
  dirty: false,
  publishing: false,
  onSave: vi.fn(),
  onPublish: vi.fn(),
};

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
  checks.status = 'ready';
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
    expect(screen.getByRole('link', { name: 'Open the change set' })).toHaveAttribute(
      'href',
      `/change-sets/${created.id}`,
    );
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

describe('before the live checks have run', () => {
  it('Publish… shows Checking… and cannot be pressed while the validator loads; Save… can (the service checks saves)', async () => {
    vi.mocked(listChangeSets).mockResolvedValue({ changeSets: [], requireApproval: false });
    const onPublish = vi.fn();
    const onSave = vi.fn();
    for (const status of ['idle', 'loading'] as const) {
      checks.status = status;
      const { unmount } = renderToolbar({ onPublish });
      await vi.waitFor(() => expect(useWorkflowSettings.getState().status).toBe('done'));
      const publish = screen.getByRole('button', { name: 'Checking…' });
      expect(publish).toBeDisabled();
      expect(publish).toHaveAccessibleDescription('Checking the draft before it can be published…');
      await userEvent.click(publish);
      expect(onPublish).not.toHaveBeenCalled();
      unmount();
    }
    checks.status = 'loading';
    renderToolbar({ dirty: true, onSave });
    await userEvent.click(screen.getByRole('button', { name: 'Save…' }));
    expect(onSave).toHaveBeenCalled();
  });

  it('Publish… is disabled with the reason when the checks could not load, and works once they have', async () => {
    vi.mocked(listChangeSets).mockResolvedValue({ changeSets: [], requireApproval: false });
    const onPublish = vi.fn();
    checks.status = 'failed';
    const { rerender } = renderToolbar({ onPublish });
    await vi.waitFor(() => expect(useWorkflowSettings.getState().status).toBe('done'));
    const publish = screen.getByRole('button', { name: 'Publish…' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription(
      'The checks could not load, so the draft cannot be published yet: retry them (above the form).',
    );
    checks.status = 'ready';
    rerender(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>
          <DocumentToolbar {...props} onPublish={onPublish} />
        </MemoryRouter>
      </ChakraProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Publish…' }));
    expect(onPublish).toHaveBeenCalled();
  });

  it('Request review… waits the same way: Checking… while loading, disabled with the reason after a failure', async () => {
    vi.mocked(listChangeSets).mockResolvedValue({ changeSets: [], requireApproval: true });
    checks.status = 'loading';
    const { unmount } = renderToolbar();
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Checking…' })).toHaveAccessibleDescription(
        'Checking the draft before it can be sent for review…',
      ),
    );
    expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
    unmount();
    checks.status = 'failed';
    renderToolbar();
    const review = await screen.findByRole('button', { name: 'Request review…' });
    expect(review).toBeDisabled();
    expect(review).toHaveAccessibleDescription(uncheckedReason('failed', true)!);
    expect(review).toHaveAccessibleDescription(/could not load.*sent for review/);
  });

  it('a reason of the page comes first: unsaved edits say so, not Checking…', async () => {
    vi.mocked(listChangeSets).mockResolvedValue({ changeSets: [], requireApproval: false });
    checks.status = 'loading';
    renderToolbar({ dirty: true, publishBlockedReason: 'Save your changes before publishing.' });
    await vi.waitFor(() => expect(useWorkflowSettings.getState().status).toBe('done'));
    expect(screen.getByRole('button', { name: 'Publish…' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Checking…' })).toBeNull();
  });
});
