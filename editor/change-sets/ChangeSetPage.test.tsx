/**
 * The change-set page as each role sees it: the actions follow role + state + who wrote the carried versions,
 * the last editor sees Approve disabled with the reason, and a stale write reloads the record, says what changed
 * and keeps what the user typed.
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  actOnChangeSet,
  createShare,
  getChangeSet,
  listChangeSets,
  revokeShare,
  StaleChangeSetError,
} from '../api/change-sets-api';
import { ApiError } from '../api/api-error';
import { getDocument, listDocuments } from '../api/documents-api';
import type { DocumentVersion, Role } from '../../schemas/contracts';
import { useSessionStore } from '../auth/session-store';
import { changeSet } from './__fixtures__/change-set';
import ChangeSetPage from './ChangeSetPage';
import { useWorkflowSettings } from './workflow-settings';

vi.mock('../api/change-sets-api', async (original) => ({
  ...(await original<typeof import('../api/change-sets-api')>()),
  listChangeSets: vi.fn(),
  getChangeSet: vi.fn(),
  actOnChangeSet: vi.fn(),
  createShare: vi.fn(),
  revokeShare: vi.fn(),
}));
vi.mock('../api/documents-api', () => ({ getDocument: vi.fn(), listDocuments: vi.fn() }));
// The review has its own tests (editor/audience); here it would run the audience engine in jsdom.
vi.mock('../audience/ChangeReview', () => ({
  ChangeReview: ({ members }: { members: { id: string }[] }) => <p>review of {members.map((m) => m.id).join(', ')}</p>,
}));

const inReview = changeSet({ state: 'in-review', revision: 3 });

function carriedVersion(author: string): DocumentVersion {
  return {
    id: 'de-DE',
    kind: 'locale',
    version: 8,
    etag: '"v8"',
    author,
    time: '2026-01-05T10:00:00.000Z',
    message: '',
    action: 'save',
    isDraft: true,
    isPublished: false,
    text: '{}\n',
    content: {},
  };
}

function renderPage(username: string, role: Role) {
  useSessionStore.setState({ status: 'signed-in', session: { username, role } });
  const router = createMemoryRouter([{ path: '/change-sets/:id', element: <ChangeSetPage /> }], {
    initialEntries: [`/change-sets/${inReview.id}`],
  });
  return render(
    <ChakraProvider value={defaultSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
}

const actions = async () => within(await screen.findByRole('region', { name: 'Actions' }));

beforeEach(() => {
  useWorkflowSettings.setState({ requireApproval: true, status: 'done' });
  vi.mocked(getChangeSet).mockResolvedValue(inReview);
  vi.mocked(listChangeSets).mockResolvedValue({ changeSets: [inReview], requireApproval: true });
  vi.mocked(getDocument).mockResolvedValue(carriedVersion('content-manager'));
  vi.mocked(listDocuments).mockResolvedValue([]);
});

describe('the change-set page', () => {
  it('shows the last editor Approve disabled, with the version they wrote as the reason', async () => {
    renderPage('content-manager', 'editor');
    const panel = await actions();
    const approve = await panel.findByRole('button', { name: 'Approve' });
    await vi.waitFor(() =>
      expect(approve).toHaveAccessibleDescription('You wrote de-DE v8: someone else must approve this set.'),
    );
    expect(approve).toBeDisabled();
    expect(panel.getByRole('button', { name: 'Withdraw to draft' })).toBeEnabled();
  });

  it('gives a viewer no action but commenting', async () => {
    renderPage('product-owner', 'viewer');
    const panel = await actions();
    expect(panel.queryByRole('button')).toBeNull();
    expect(panel.getByText(/Waiting for approval/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add comment' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create link' })).toBeNull();
  });

  it('lets an approver approve, sending the revision read, and shows the new state', async () => {
    vi.mocked(actOnChangeSet).mockResolvedValue(
      changeSet({
        state: 'approved',
        revision: 4,
        approval: { by: 'approver', time: '2026-01-05T11:00:00.000Z', versions: { 'de-DE': 8 } },
      }),
    );
    renderPage('approver', 'approver');
    const approve = await (await actions()).findByRole('button', { name: 'Approve' });
    await vi.waitFor(() => expect(approve).toBeEnabled());
    await userEvent.click(approve);
    expect(actOnChangeSet).toHaveBeenCalledWith(inReview.id, 3, { action: 'approve' });
    expect(await screen.findByTestId('change-set-state')).toHaveTextContent('Approved');
    expect(await screen.findByRole('status')).toHaveTextContent('Approved. It can now be scheduled or published.');
    expect(screen.getByLabelText(/Publish at/)).toHaveAttribute('type', 'datetime-local');
  });

  it('on a stale write reloads the record, says what changed and keeps the typed comment', async () => {
    const current = changeSet({
      state: 'approved',
      revision: 4,
      events: [
        ...inReview.events,
        { kind: 'approved', author: 'approver', time: '2026-01-05T11:00:00.000Z', versions: { 'de-DE': 8 } },
      ],
    });
    vi.mocked(actOnChangeSet).mockRejectedValue(
      new StaleChangeSetError(new ApiError('conflict', 412, 'changed', 'stale-change-set'), current),
    );
    renderPage('product-owner', 'viewer');
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    await userEvent.type(box, 'Looks right to me');
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent).join(' ')).toContain('It is now approved (it was in review).');
    expect(alerts.map((a) => a.textContent).join(' ')).toContain('approver approved it (de-DE v8).');
    expect(screen.getByTestId('change-set-state')).toHaveTextContent('Approved');
    expect(box).toHaveValue('Looks right to me');
  });

  it('shows a refusal’s message and hint where the action was taken', async () => {
    vi.mocked(getDocument).mockResolvedValue(carriedVersion('someone-else'));
    vi.mocked(actOnChangeSet).mockRejectedValue(
      new ApiError('forbidden', 403, 'content-manager saved de-DE v8', 'self-approval', 'ask an approver'),
    );
    renderPage('content-manager', 'editor');
    const approve = await (await actions()).findByRole('button', { name: 'Approve' });
    await vi.waitFor(() => expect(approve).toBeEnabled());
    await userEvent.click(approve);
    expect(await screen.findByRole('alert')).toHaveTextContent('content-manager saved de-DE v8 (ask an approver)');
  });

  it('creates a share link, shows its URL once, lists it and revokes it', async () => {
    const share = {
      id: 'sh1',
      createdBy: 'content-manager',
      createdAt: '2026-01-05T10:00:00.000Z',
      expiresAt: '2099-01-06T10:00:00.000Z',
      note: 'Compliance',
    };
    vi.mocked(createShare).mockResolvedValue({ share, url: '/preview?share=tok' });
    vi.mocked(revokeShare).mockResolvedValue();
    renderPage('content-manager', 'editor');
    const shares = within(await screen.findByRole('region', { name: 'Share links' }));
    vi.mocked(getChangeSet).mockResolvedValue({ ...inReview, revision: 4, shares: [share] });
    await userEvent.selectOptions(shares.getByRole('combobox', { name: 'Lasts' }), '7 days');
    await userEvent.type(shares.getByRole('textbox', { name: /For whom/ }), 'Compliance');
    await userEvent.click(shares.getByRole('button', { name: 'Create link' }));
    expect(createShare).toHaveBeenCalledWith(inReview.id, { expiresInMinutes: 7 * 24 * 60, note: 'Compliance' });
    expect(await shares.findByRole('textbox', { name: 'The new share link' })).toHaveValue(
      `${window.location.origin}/preview?share=tok`,
    );
    expect(shares.getByText('Copy the link now: it is shown only this once.')).toBeVisible();

    vi.mocked(getChangeSet).mockResolvedValue({
      ...inReview,
      revision: 5,
      shares: [{ ...share, revokedAt: '2026-01-05T12:00:00.000Z', revokedBy: 'content-manager' }],
    });
    await userEvent.click(await shares.findByRole('button', { name: 'Revoke the link for Compliance' }));
    expect(revokeShare).toHaveBeenCalledWith(inReview.id, 'sh1');
    expect(await shares.findByText('revoked by content-manager')).toBeVisible();
  });
});
