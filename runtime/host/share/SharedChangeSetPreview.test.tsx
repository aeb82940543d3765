import { render, screen } from '@testing-library/react';
import deDE from '../../../config/de-DE.json';
import type { SharedChangeSet } from '../../../schemas/contracts';
import type { PreviewScreenProps } from '../PreviewScreen';
import { getSharedChangeSet } from './get-shared-change-set';
import { SharedChangeSetPreview } from './SharedChangeSetPreview';

const shown: PreviewScreenProps[] = [];
vi.mock('../PreviewScreen', () => ({
  PreviewScreen: (props: PreviewScreenProps) => {
    shown.push(props);
    return <p>preview of {props.scenario.locale}</p>;
  },
}));
vi.mock('./get-shared-change-set', () => ({ getSharedChangeSet: vi.fn() }));

const TOKEN = 'eyJhIjoxfQ.c2lnbmF0dXJl';
const SHARED: SharedChangeSet = {
  changeSet: { id: 'cs-abcdefghij', title: 'Spring labels', state: 'approved' },
  expiresAt: '2026-02-01T10:00:00.000Z',
  documents: [
    { id: 'de-DE', version: 4, text: '', content: { ...deDE, strings: { ...deDE.strings } } },
    { id: 'flags', version: 2, text: '', content: { flags: [{ id: 'sharedOnlyFlag' }] } },
  ],
};

beforeEach(() => {
  shown.length = 0;
  vi.mocked(getSharedChangeSet).mockReset();
});

it('renders the set’s drafts in the preview under a banner that says what they are', async () => {
  vi.mocked(getSharedChangeSet).mockResolvedValue({ kind: 'ok', shared: SHARED });
  // A flag only the shared flags draft defines is a valid flag here.
  render(
    <SharedChangeSetPreview
      params={new URLSearchParams(`share=${TOKEN}&locale=de-DE&flags=sharedOnlyFlag`)}
      publishedFlagIds={['paymentMethodScreens']}
    />,
  );
  expect(await screen.findByText('preview of de-DE')).toBeVisible();
  expect(screen.getByTestId('share-banner')).toHaveTextContent(
    "Shared preview of 'Spring labels' — drafts, not published; link expires 1 Feb 2026, 10:00 UTC",
  );
  expect(getSharedChangeSet).toHaveBeenCalledWith(TOKEN);
  const props = shown.at(-1)!;
  expect(props.drafts).toEqual({ 'de-DE': SHARED.documents[0]!.content, flags: SHARED.documents[1]!.content });
  expect(props.scenario.flags).toEqual(['sharedOnlyFlag']);
});

it('a refused link is a full page with the reason and what to do, and no preview', async () => {
  vi.mocked(getSharedChangeSet).mockResolvedValue({
    kind: 'refused',
    status: 410,
    code: 'share-revoked',
    message: 'this share link was revoked on 2026-01-03T09:00:00.000Z',
    hint: 'ask whoever sent the link for a new one',
  });
  render(<SharedChangeSetPreview params={new URLSearchParams(`share=${TOKEN}`)} publishedFlagIds={[]} />);
  expect(await screen.findByRole('heading', { name: 'This preview link was withdrawn' })).toBeVisible();
  expect(screen.getByRole('alert')).toHaveTextContent('this share link was revoked on 2026-01-03T09:00:00.000Z');
  expect(screen.getByText('What to do: ask whoever sent the link for a new one.')).toBeVisible();
  expect(shown).toHaveLength(0);
});

it('a token of the wrong form is refused without asking the service', () => {
  render(<SharedChangeSetPreview params={new URLSearchParams('share=cut-short')} publishedFlagIds={[]} />);
  expect(screen.getByRole('heading', { name: 'This preview link has a problem' })).toBeVisible();
  expect(screen.getByRole('alert')).toHaveTextContent(/share: share must be the token of a share link/);
  expect(getSharedChangeSet).not.toHaveBeenCalled();
});

it('a share link cannot be opened in editor mode', async () => {
  vi.mocked(getSharedChangeSet).mockResolvedValue({ kind: 'ok', shared: SHARED });
  render(
    <SharedChangeSetPreview params={new URLSearchParams(`share=${TOKEN}`)} publishedFlagIds={[]} source="editor" />,
  );
  expect(screen.getByRole('alert')).toHaveTextContent(
    'source: A shared preview cannot be opened in editor mode: remove source.',
  );
  expect(shown).toHaveLength(0);
});
