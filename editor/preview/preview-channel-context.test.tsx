import { act, render, screen } from '@testing-library/react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { describe, expect, it } from 'vitest';
import { previewFact, type PreviewFact } from '../../schemas/contracts/preview-protocol';
import { PreviewChannelProvider, usePreviewFacts } from './preview-channel-context';

/** Stands in for the preview pane: shows the frame and records the preview's own moves. */
function Frame({ moves }: { moves: string[] }) {
  const { frame } = usePreviewFacts((query) => moves.push(query));
  return <iframe ref={frame} title="preview" />;
}

/** Any other panel: reads what the preview rendered without owning the frame. */
function HiddenCount() {
  const { rendered, readyCount } = usePreviewFacts();
  return (
    <p>
      {rendered ? `${rendered.hiddenCount} hidden` : 'nothing rendered'} · ready {readyCount}
    </p>
  );
}

function fromPreview(fact: PreviewFact) {
  const source = (screen.getByTitle('preview') as HTMLIFrameElement).contentWindow;
  act(
    () =>
      void window.dispatchEvent(new MessageEvent('message', { data: fact, origin: window.location.origin, source })),
  );
}

describe('the page-level preview channel', () => {
  it('lets a panel that does not show the frame hear what the preview rendered', () => {
    const moves: string[] = [];
    render(
      <PreviewChannelProvider>
        <Frame moves={moves} />
        <HiddenCount />
      </PreviewChannelProvider>,
    );
    expect(screen.getByText('nothing rendered · ready 0')).toBeInTheDocument();
    fromPreview(previewFact('PREVIEW_READY', { buildId: 'b1' }));
    fromPreview(
      previewFact('PREVIEW_RENDERED', {
        buildId: 'b1',
        query: 'locale=de-DE',
        shown: [],
        hiddenCount: 4,
        draftRevision: null,
        sentAt: null,
        renderedAt: 1,
      }),
    );
    expect(screen.getByText('4 hidden · ready 1')).toBeInTheDocument();
    fromPreview(previewFact('SCENARIO_UPDATED', { query: 'page=reference-account' }));
    expect(moves).toEqual(['page=reference-account']);
  });

  it('a render that differs only in the edit it shows reaches the feed, not the panels (docs/editor-typing.md#the-fixes)', () => {
    const renders: number[] = [];
    function Panel() {
      const { rendered } = usePreviewFacts();
      const count = useRef(0);
      count.current += 1;
      useEffect(() => void renders.push(count.current));
      return <p>{`${rendered?.hiddenCount ?? '-'} hidden`}</p>;
    }
    function Live() {
      const { renderedFeed } = usePreviewFacts();
      const live = useSyncExternalStore(renderedFeed.subscribe, renderedFeed.latest);
      return <output>{`edit ${live?.draftRevision ?? '-'}`}</output>;
    }
    render(
      <PreviewChannelProvider>
        <Frame moves={[]} />
        <Panel />
        <Live />
      </PreviewChannelProvider>,
    );
    const rendered = (revision: number, hiddenCount = 4) =>
      previewFact('PREVIEW_RENDERED', {
        buildId: 'b1',
        query: 'locale=de-DE',
        shown: [{ documentId: 'de-DE', source: 'draft', revision }],
        hiddenCount,
        draftRevision: revision,
        sentAt: revision,
        renderedAt: revision + 1,
      });
    fromPreview(previewFact('PREVIEW_READY', { buildId: 'b1' }));
    fromPreview(rendered(1));
    expect(screen.getByText('4 hidden')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('edit 1');
    const before = renders.length;
    fromPreview(rendered(2));
    fromPreview(rendered(3));
    expect(screen.getByRole('status')).toHaveTextContent('edit 3');
    expect(renders.length).toBe(before);
    // Something else changing (the hidden count) is channel state again.
    fromPreview(rendered(4, 5));
    expect(screen.getByText('5 hidden')).toBeInTheDocument();
    expect(renders.length).toBe(before + 1);
  });

  it('hands an item clicked in the preview to every subscriber, and each highlight answer to its listeners', () => {
    const selected: string[] = [];
    const answers: string[] = [];
    function Selection() {
      const { onItemSelected, onItemHighlighted } = usePreviewFacts();
      useEffect(() => onItemSelected((item) => selected.push(`${item.id} ${item.pointer}`)), [onItemSelected]);
      useEffect(
        () => onItemHighlighted((answer) => answers.push(`${answer.place}: ${answer.reason}`)),
        [onItemHighlighted],
      );
      return null;
    }
    render(
      <PreviewChannelProvider>
        <Frame moves={[]} />
        <Selection />
      </PreviewChannelProvider>,
    );
    fromPreview(
      previewFact('ITEM_SELECTED', {
        documentId: 'de-DE',
        id: 'festgeld',
        pointer: '/header/public/navItems/0/subMenus/main/0',
      }),
    );
    expect(selected).toEqual(['festgeld /header/public/navItems/0/subMenus/main/0']);
    fromPreview(
      previewFact('ITEM_HIGHLIGHTED', {
        pointer: '/header/public/navItems/1',
        id: 'anlegen',
        place: 'hidden',
        reason: 'needs flag "x" on',
        outlined: null,
      }),
    );
    expect(answers).toEqual(['hidden: needs flag "x" on']);
  });

  it('ignores facts from windows other than its frame', () => {
    render(
      <PreviewChannelProvider>
        <Frame moves={[]} />
        <HiddenCount />
      </PreviewChannelProvider>,
    );
    act(
      () =>
        void window.dispatchEvent(
          new MessageEvent('message', {
            data: previewFact('PREVIEW_READY', { buildId: 'x' }),
            origin: window.location.origin,
            source: window,
          }),
        ),
    );
    expect(screen.getByText('nothing rendered · ready 0')).toBeInTheDocument();
  });

  it('names the missing provider', () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => render(<HiddenCount />)).toThrow(/needs a <PreviewChannelProvider> above it/);
    } finally {
      console.error = quiet;
    }
  });
});
