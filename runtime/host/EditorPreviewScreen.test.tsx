import { act, fireEvent, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import { validateDocument, type DocumentId } from '../../schemas/validator';
import { Shell } from '../components/Shell';
import { renderWithShell } from '../components/__fixtures__/render';
import { SCENARIO_DEFAULTS } from '../../schemas/contracts/preview-params';
import {
  previewMessageProblem,
  previewRequest,
  type PreviewFact,
  type PreviewRequest,
} from '../../schemas/contracts/preview-protocol';
import { visitor } from '../resolver/__fixtures__/contexts';
import { resolveShell } from '../resolver';
import { EditorPreviewScreen } from './EditorPreviewScreen';
import type { PreviewScreenProps } from './PreviewScreen';

/**
 * The live data layer (MSW, SWR, tokens) is the shared link's business and has its own browser tests; here
 * PreviewScreen is the real resolver and the real Shell over a visitor context, so what the test reads is
 * what the portal's renderer makes of the draft.
 */
vi.mock('./PreviewScreen', () => ({
  PreviewScreen: function FakePreviewScreen({ scenario, drafts, onRendered }: PreviewScreenProps) {
    const config = (drafts?.['de-DE'] as LocaleConfig | undefined) ?? published<LocaleConfig>('de-DE');
    const model = resolveShell(
      { config, markets: published<MarketsDocument>('markets').markets },
      visitor('de-DE', { page: scenario.page, flags: new Set(scenario.flags ?? []) }),
    );
    useEffect(() => onRendered?.(model, ['de-DE', 'markets', 'flags']), [model, onRendered]);
    return (
      <Shell
        model={model}
        handlers={{
          onLogout: () => {},
          onOpenConsentSettings: () => {},
          onChooseMarket: () => {},
          onSwitchAccount: () => {},
        }}
      >
        <p data-testid="persona">{scenario.persona}</p>
      </Shell>
    );
  },
}));
vi.mock('../config/get-published-config', () => ({
  useManifest: () => ({ data: { format: 1, documents: { 'de-DE': { file: 'de-DE.aaa.json', hash: 'aaa' } } } }),
}));

/** A shipped config as the preview receives it: validated, with the schema's defaults filled. */
function published<T = LocaleConfig>(id: DocumentId): T {
  return validateDocument({ id, file: `config/${id}.json`, text: readFileSync(`config/${id}.json`, 'utf8') })
    .value as T;
}
const FLAG_IDS = published<FlagsDocument>('flags').flags.map((f) => f.id);

let editor: Window;
let facts: PreviewFact[];

beforeEach(() => {
  // A real second window plays the editor: the preview only listens to messages from it.
  const frame = document.createElement('iframe');
  document.body.append(frame);
  editor = frame.contentWindow!;
  facts = [];
  vi.spyOn(editor, 'postMessage').mockImplementation(
    ((message: PreviewFact) => void facts.push(message)) as typeof editor.postMessage,
  );
});
afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

function send(request: PreviewRequest, source: Window = editor) {
  act(
    () =>
      void window.dispatchEvent(new MessageEvent('message', { data: request, origin: window.location.origin, source })),
  );
}
/** A render's facts go out in a task after it (docs/editor-typing.md#the-fixes): let that task run. */
const reported = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const ofType = <T extends PreviewFact['type']>(type: T) =>
  facts.filter((f): f is Extract<PreviewFact, { type: T }> => f.type === type);

/** de-DE with the first public menu renamed: the label the tests look for. */
function draftNamed(title: string, revision: number, mutate?: (config: Record<string, unknown>) => void) {
  const config = published<LocaleConfig>('de-DE');
  config.header.public!.navItems![0]!.title = title;
  mutate?.(config as unknown as Record<string, unknown>);
  return previewRequest('UPDATE_DRAFT', {
    documentId: 'de-DE',
    revision,
    config: config as unknown as Record<string, unknown>,
    sentAt: 100 + revision,
  });
}

function renderPreview() {
  return renderWithShell(
    <EditorPreviewScreen initial={SCENARIO_DEFAULTS} publishedFlagIds={FLAG_IDS} editor={editor} />,
  );
}
/** Whether the header shows a menu of that name (desktop navigation counts as hidden in jsdom, see mockViewport). */
const menuShown = (name: string) =>
  within(screen.getByRole('banner')).queryAllByRole('button', { name, hidden: true }).length > 0;

describe('the editor preview (source=editor)', () => {
  it('announces itself, then renders each draft it is sent with the portal renderer, and reports what it shows', async () => {
    renderPreview();
    expect(ofType('PREVIEW_READY').map((f) => f.payload)).toEqual([{ buildId: 'test' }]);
    expect(menuShown('Sparen')).toBe(true);
    expect(screen.getByTestId('preview-build-id')).toHaveTextContent('Preview build test');

    send(draftNamed('Sparen (Entwurf)', 5));
    expect(menuShown('Sparen (Entwurf)')).toBe(true);
    expect(ofType('DRAFT_UPDATED').at(-1)?.payload).toEqual({ documentId: 'de-DE', revision: 5, sentAt: 105 });
    await reported();
    const rendered = ofType('PREVIEW_RENDERED').at(-1)!.payload;
    expect(rendered).toMatchObject({
      buildId: 'test',
      draftRevision: 5,
      sentAt: 105,
      shown: [
        { documentId: 'de-DE', source: 'draft', revision: 5 },
        { documentId: 'markets', source: 'published', hash: null },
        { documentId: 'flags', source: 'published', hash: null },
      ],
    });
    // Every fact the preview sends passes the editor's guard.
    for (const fact of facts) expect(previewMessageProblem(fact, 'fact')).toBeUndefined();
  });

  it('refuses a draft of the wrong shape and keeps the last valid one on screen', () => {
    renderPreview();
    send(draftNamed('Sparen v1', 1));
    send(draftNamed('Sparen v2', 2, (config) => delete config.footer));
    expect(ofType('DRAFT_REJECTED').at(-1)?.payload).toEqual({
      documentId: 'de-DE',
      revision: 2,
      reason: 'the draft has no "footer" object',
      keptRevision: 1,
    });
    expect(menuShown('Sparen v1')).toBe(true);
    expect(menuShown('Sparen v2')).toBe(false);
  });

  it('a draft that throws while rendering is reverted to the last one that rendered, with the reason', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPreview();
    send(draftNamed('Sparen v1', 1));
    // Passes the outline check, but the resolver cannot walk a nav item list that is not a list.
    send(
      draftNamed(
        'Sparen v2',
        2,
        (config) => ((config.header as { public: { navItems: unknown } }).public.navItems = { broken: true }),
      ),
    );
    expect(menuShown('Sparen v1')).toBe(true);
    const rejected = ofType('DRAFT_REJECTED').at(-1)!.payload;
    expect(rejected).toMatchObject({ documentId: 'de-DE', revision: 2, keptRevision: 1 });
    expect(rejected.reason).toMatch(/^the preview could not render it: /);
    // Later drafts render again.
    send(draftNamed('Sparen v3', 3));
    expect(menuShown('Sparen v3')).toBe(true);
  });

  it('applies a scenario in place and refuses a bad one with the parameter, value and valid values', async () => {
    renderPreview();
    send(previewRequest('UPDATE_SCENARIO', { query: 'persona=customer&flags=designV2,footerV2' }));
    expect(screen.getByTestId('persona')).toHaveTextContent('customer');
    await reported();
    expect(ofType('PREVIEW_RENDERED').at(-1)?.payload.query).toBe('persona=customer&flags=designV2%2CfooterV2');

    send(previewRequest('UPDATE_SCENARIO', { query: 'persona=robot' }));
    expect(screen.getByTestId('persona')).toHaveTextContent('customer');
    expect(ofType('SCENARIO_REJECTED').at(-1)?.payload.errors).toEqual([
      expect.objectContaining({
        param: 'persona',
        value: 'robot',
        message: 'Unknown persona "robot".',
        validValues: expect.arrayContaining(['visitor', 'customer']),
      }),
    ]);
  });

  it('lists hidden items with their rules only after SET_WHY_HIDDEN, re-reporting the render on screen', async () => {
    renderPreview();
    // The draft puts a rule on the second public menu; no flags are on, so the rule hides it.
    send(
      draftNamed(
        'Sparen',
        4,
        (config) =>
          ((config.header as { public: { navItems: { visibility?: unknown }[] } }).public.navItems[1]!.visibility = {
            flag: 'accountSwitch',
          }),
      ),
    );
    send(previewRequest('UPDATE_SCENARIO', { query: 'flags=none' }));
    expect(menuShown('Anlegen')).toBe(false);
    await reported();
    const before = ofType('PREVIEW_RENDERED').at(-1)!.payload;
    expect(before.hiddenCount).toBe(1);
    expect(before.hidden).toBeUndefined();
    send(previewRequest('SET_WHY_HIDDEN', { enabled: true }));
    await reported();
    expect(ofType('PREVIEW_RENDERED').at(-1)!.payload.hidden).toEqual([
      {
        id: 'anlegen',
        title: 'Anlegen',
        location: 'header.public',
        reason: 'needs flag "accountSwitch" on',
        rule: { flag: 'accountSwitch' },
      },
    ]);
  });

  it('ignores requests from any window but the editor', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPreview();
    const stranger = document.createElement('iframe');
    document.body.append(stranger);
    send(draftNamed('Sparen (fremd)', 9), stranger.contentWindow!);
    expect(menuShown('Sparen (fremd)')).toBe(false);
    expect(menuShown('Sparen')).toBe(true);
    expect(warn).toHaveBeenCalledWith('[preview-protocol] dropped a message: it did not come from the expected window');
  });

  describe('visual editing (docs/editor-workspace.md#visual-editing)', () => {
    /** A link of a footer column (the review strip above it is no config item). */
    const footerItemLink = () => screen.getByRole('contentinfo').querySelector<HTMLAnchorElement>('li a[href]')!;
    const pointerValue = (config: unknown, pointer: string) =>
      pointer
        .slice(1)
        .split('/')
        .reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], config);

    it('in edit mode a click on an item reports its id and pointer in the draft and does not follow the link', () => {
      renderPreview();
      const draft = draftNamed('Sparen', 6);
      send(draft);
      const link = footerItemLink();
      // Off: the click is the page's own (the editor preview still keeps its links from leaving the draft).
      fireEvent.click(link);
      expect(ofType('ITEM_SELECTED')).toEqual([]);

      send(previewRequest('SET_VISUAL_EDITING', { enabled: true }));
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      act(() => void link.dispatchEvent(click));
      expect(click.defaultPrevented).toBe(true);
      const selected = ofType('ITEM_SELECTED').at(-1)!.payload;
      expect(selected.documentId).toBe('de-DE');
      const item = pointerValue((draft.payload as { config: unknown }).config, selected.pointer) as {
        id: string;
        title: string;
      };
      expect(item.id).toBe(selected.id);
      expect(link).toHaveTextContent(item.title);
      expect(previewMessageProblem(ofType('ITEM_SELECTED').at(-1), 'fact')).toBeUndefined();
    });

    it('a highlight of a hidden item says which rule hid it; a pointer outside any item says so', () => {
      renderPreview();
      send(
        draftNamed(
          'Sparen',
          7,
          (config) =>
            ((config.header as { public: { navItems: { visibility?: unknown }[] } }).public.navItems[1]!.visibility = {
              flag: 'accountSwitch',
            }),
        ),
      );
      send(previewRequest('UPDATE_SCENARIO', { query: 'flags=none' }));
      send(previewRequest('HIGHLIGHT_ITEM', { pointer: '/header/public/navItems/1/title' }));
      expect(ofType('ITEM_HIGHLIGHTED').at(-1)!.payload).toEqual({
        pointer: '/header/public/navItems/1/title',
        id: 'anlegen',
        place: 'hidden',
        reason: 'needs flag "accountSwitch" on',
        outlined: null,
      });
      // An entry of the hidden menu: hidden because its menu is.
      send(previewRequest('HIGHLIGHT_ITEM', { pointer: '/header/public/navItems/1/subMenus/main/0/title' }));
      expect(ofType('ITEM_HIGHLIGHTED').at(-1)!.payload).toMatchObject({
        place: 'hidden',
        reason: '"Anlegen" is hidden: needs flag "accountSwitch" on',
      });
      send(previewRequest('HIGHLIGHT_ITEM', { pointer: '/basePath' }));
      expect(ofType('ITEM_HIGHLIGHTED').at(-1)!.payload).toEqual({
        pointer: '/basePath',
        id: null,
        place: 'no-item',
        reason: null,
        outlined: null,
      });
    });

    it('a highlight of a rendered item outlines it and scrolls to it when it is out of view', () => {
      renderPreview();
      const draft = draftNamed('Sparen', 8);
      send(draft);
      const link = footerItemLink();
      send(previewRequest('SET_VISUAL_EDITING', { enabled: true }));
      act(() => void link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
      const { pointer, id } = ofType('ITEM_SELECTED').at(-1)!.payload;
      // jsdom lays nothing out: give every element a box, below the window, so it is rendered but out of view.
      vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
        x: 10,
        y: 2000,
        left: 10,
        top: 2000,
        width: 100,
        height: 24,
        right: 110,
        bottom: 2024,
        toJSON: () => ({}),
      });
      const scrolled = vi.fn();
      Element.prototype.scrollIntoView = scrolled;
      send(previewRequest('HIGHLIGHT_ITEM', { pointer: `${pointer}/title` }));
      expect(ofType('ITEM_HIGHLIGHTED').at(-1)!.payload).toEqual({
        pointer: `${pointer}/title`,
        id,
        place: 'shown',
        reason: null,
        outlined: id,
      });
      expect(scrolled).toHaveBeenCalled();
      expect(screen.getByTestId('preview-selected-outline').style.display).toBe('block');
    });
  });
});
