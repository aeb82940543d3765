import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { previewFact, type PreviewFact, type PreviewRequest } from '../../schemas/contracts/preview-protocol';
import { draftStore } from '../store/draft-store';
import { loadValidator } from '../validation/live-validator';
import { flagOptionsFrom } from '../validation/registries';
import { buildContext } from '../validation/validate-text';
import { PreviewChannelProvider } from './preview-channel-context';
import { PreviewPane } from './PreviewPane';

const flagsDocument = JSON.parse(readFileSync('config/flags.json', 'utf8')) as unknown;
const flags = flagOptionsFrom(flagsDocument);
const crossFile = buildContext(flagsDocument, ['de-DE']);
const seed = readFileSync('config/de-DE.json', 'utf8');

function renderPane(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/documents/:id',
        element: (
          <PreviewChannelProvider>
            <PreviewPane documentId="de-DE" flags={flags} crossFile={crossFile} />
          </PreviewChannelProvider>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <ChakraProvider value={defaultSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  const frame = screen.getByTitle(/^Preview of the de-DE draft/) as HTMLIFrameElement;
  const sent: PreviewRequest[] = [];
  vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(
    ((message: PreviewRequest) => void sent.push(message)) as Window['postMessage'],
  );
  /** The iframe's side of the protocol, played by the test (jsdom does not load /preview). */
  const fromPreview = (fact: PreviewFact) =>
    act(
      () =>
        void window.dispatchEvent(
          new MessageEvent('message', { data: fact, origin: window.location.origin, source: frame.contentWindow }),
        ),
    );
  return { router, frame, sent, fromPreview, search: () => new URLSearchParams(router.state.location.search) };
}

beforeAll(async () => {
  await loadValidator();
});

beforeEach(() => {
  draftStore.getState().reset();
  draftStore.getState().load('de-DE', seed);
});

describe('preview pane: toolbar ↔ URL ↔ iframe', () => {
  it("a shared link restores the scenario in the toolbar and the iframe, at the link's width", () => {
    const { frame } = renderPane(
      '/documents/de-DE?locale=de-DE&persona=customer&page=dashboard&flags=designV2,footerV2&viewport=375',
    );
    expect(screen.getByLabelText('Persona')).toHaveValue('customer');
    expect(screen.getByLabelText('Page')).toHaveValue('dashboard');
    expect(screen.getByRole('button', { name: 'Flags · 2 on' })).toBeInTheDocument();
    expect(within(screen.getByRole('radiogroup', { name: 'Design' })).getByRole('radio', { name: 'v2' })).toBeChecked();
    expect(screen.getByRole('region', { name: 'Preview frame, 375 px wide' })).toBeInTheDocument();
    expect(frame.getAttribute('src')).toBe(
      '/preview?locale=de-DE&persona=customer&page=dashboard&flags=designV2%2CfooterV2&source=editor',
    );
  });

  it('each toolbar change is written to the URL, other parameters stay, and the iframe gets it as a message without reloading', async () => {
    const { frame, sent, fromPreview, search } = renderPane('/documents/de-DE?panel=matrix');
    const src = frame.getAttribute('src');
    fromPreview(previewFact('PREVIEW_READY', { buildId: 'b1' }));
    // A link without a scenario folds the controls away (docs/editor-workspace.md#layout): the summary says what shows.
    expect(screen.getByTestId('preview-scenario-summary')).toHaveTextContent('de-DE · visitor · home · 1280 px');
    await userEvent.click(screen.getByRole('button', { name: 'Scenario…' }));
    fireEvent.change(screen.getByLabelText('Persona'), { target: { value: 'company' } });
    fireEvent.change(screen.getByLabelText('Locale'), { target: { value: 'fr-FR' } });
    expect(search().toString()).toBe('locale=fr-FR&persona=company&panel=matrix');
    await waitFor(() =>
      expect(sent.filter((m) => m.type === 'UPDATE_SCENARIO').at(-1)?.payload).toEqual({
        query: 'locale=fr-FR&persona=company',
      }),
    );
    // The radio groups' machines report a choice asynchronously; under load that lands after the click resolves.
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Design' })).getByText('v2'));
    await waitFor(() =>
      expect(search().get('flags')).toBe(
        'newDashboard,userManagementService,footerV2,designV2,newMarketLocales,unifiedDomainLocales',
      ),
    );
    await userEvent.click(screen.getByText('768 px'));
    await waitFor(() => expect(search().get('viewport')).toBe('768'));
    expect(frame.getAttribute('src')).toBe(src);
  });

  it('a burst of changes in one frame: the first is sent at once, the rest as one draft, the last, at the next frame', async () => {
    const { sent, fromPreview } = renderPane('/documents/de-DE');
    fromPreview(previewFact('PREVIEW_READY', { buildId: 'b1' }));
    const drafts = () =>
      sent.filter((m): m is Extract<PreviewRequest, { type: 'UPDATE_DRAFT' }> => m.type === 'UPDATE_DRAFT');
    await waitFor(() => expect(drafts()).toHaveLength(1));
    // Let the frame of the first post pass, so the burst starts a frame of its own.
    await new Promise((resolve) => setTimeout(resolve, 50));
    act(() => {
      for (const title of ['Sparen a', 'Sparen ab', 'Sparen abc'])
        draftStore.getState().setFromText(seed.replace('"title": "Sparen"', `"title": "${title}"`));
    });
    expect(drafts()).toHaveLength(2);
    expect(JSON.stringify(drafts()[1]!.payload.config)).toContain('"title":"Sparen a"');
    await waitFor(() => expect(drafts()).toHaveLength(3));
    expect(JSON.stringify(drafts()[2]!.payload.config)).toContain('"title":"Sparen abc"');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drafts()).toHaveLength(3);
  });

  it('sends the draft on every change, once a frame, and keeps the last valid one while the draft is invalid', async () => {
    const { sent, fromPreview } = renderPane('/documents/de-DE');
    fromPreview(previewFact('PREVIEW_READY', { buildId: 'b1' }));
    const drafts = () =>
      sent.filter((m): m is Extract<PreviewRequest, { type: 'UPDATE_DRAFT' }> => m.type === 'UPDATE_DRAFT');
    await waitFor(() => expect(drafts()).toHaveLength(1));
    act(() => draftStore.getState().setFromText(seed.replace('"title": "Sparen"', '"title": "Sparen live"')));
    await waitFor(() => expect(drafts()).toHaveLength(2));
    expect(JSON.stringify(drafts()[1]!.payload.config)).toContain('"title":"Sparen live"');

    act(() => draftStore.getState().setFromText(seed.replace('"basePath": "/de-de"', '"basePath": 42')));
    expect(
      await screen.findByText(/The draft has 1 problem: the preview keeps showing the last valid version/),
    ).toBeInTheDocument();
    expect(screen.getByText(/\/basePath/)).toBeInTheDocument();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(drafts()).toHaveLength(2);
  });

  it('says what the preview refused and which version it keeps', () => {
    const { fromPreview } = renderPane('/documents/de-DE');
    fromPreview(
      previewFact('DRAFT_REJECTED', {
        documentId: 'de-DE',
        revision: 8,
        reason: 'the preview could not render it: boom',
        keptRevision: 7,
      }),
    );
    expect(
      screen.getByText(
        'The preview could not use edit 8: the preview could not render it: boom. It keeps showing the draft as it was at edit 7.',
      ),
    ).toBeInTheDocument();
  });

  it('follows the preview when it moves by itself (a forced redirect)', () => {
    const { fromPreview, search } = renderPane('/documents/de-DE?persona=customer&data=missing-iban&page=dashboard');
    fromPreview(
      previewFact('SCENARIO_UPDATED', { query: 'persona=customer&page=reference-account&data=missing-iban' }),
    );
    expect(search().get('page')).toBe('reference-account');
    expect(screen.getByLabelText('Page')).toHaveValue('reference-account');
  });

  it('a bad link names the parameter, the value and the valid values, and the pane still works', () => {
    renderPane('/documents/de-DE?persona=robot&viewport=wide');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'persona = robot: Unknown persona "robot". Valid values: visitor, partner-visitor, customer, company, pending, no-customer-data.',
    );
    expect(alert).toHaveTextContent(
      'viewport = wide: viewport must be a whole number of pixels from 320 to 2560, got "wide". Valid values: 375, 768, 1280, 320–2560.',
    );
    expect(screen.getByLabelText('Persona')).toHaveValue('visitor');
  });

  it('"why hidden" asks the preview for the list and shows each item with its rule', async () => {
    const { sent, fromPreview } = renderPane('/documents/de-DE');
    fromPreview(previewFact('PREVIEW_READY', { buildId: 'b1' }));
    await userEvent.click(screen.getByText(/^Why hidden/));
    // The checkbox's machine reports the change asynchronously; under load that lands after the click resolves.
    await waitFor(() =>
      expect(sent.filter((m) => m.type === 'SET_WHY_HIDDEN').at(-1)?.payload).toEqual({ enabled: true }),
    );
    fromPreview(
      previewFact('PREVIEW_RENDERED', {
        buildId: 'b1',
        query: 'locale=de-DE',
        shown: [{ documentId: 'de-DE', source: 'draft', revision: 3 }],
        hiddenCount: 1,
        hidden: [
          {
            id: 'zahlungsmethoden',
            title: 'Zahlungsmethoden',
            location: 'account menu',
            reason: 'needs flag "paymentMethodScreens" on',
            rule: { flag: 'paymentMethodScreens' },
          },
        ],
        draftRevision: 3,
        sentAt: 1,
        renderedAt: 2,
      }),
    );
    const row = within(screen.getByRole('table', { name: 'Items hidden by rules' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent(
      'Zahlungsmethoden (zahlungsmethoden)account menuneeds flag "paymentMethodScreens" on{"flag":"paymentMethodScreens"}',
    );
    expect(screen.getByTestId('preview-versions')).toHaveTextContent('Preview build b1 · shows de-DE draft (edit 3)');
  });

  it('"Click to edit" turns visual editing on in the preview, and off', async () => {
    const { sent, fromPreview } = renderPane('/documents/de-DE');
    fromPreview(previewFact('PREVIEW_READY', { buildId: 'b1' }));
    const visualEditing = () => sent.filter((m) => m.type === 'SET_VISUAL_EDITING').at(-1)?.payload;
    await waitFor(() => expect(visualEditing()).toEqual({ enabled: true }));
    await userEvent.click(screen.getByText('Click to edit'));
    await waitFor(() => expect(visualEditing()).toEqual({ enabled: false }));
  });

  it('"Copy link" copies the page address, or hands it over to copy by hand without clipboard access', async () => {
    renderPane('/documents/de-DE?persona=customer');
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByText('Link copied: it opens this document with this preview.')).toBeInTheDocument();

    writeText.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('textbox', { name: 'Link to this preview (copy it)' })).toHaveValue(
      window.location.href,
    );
  });
});
