import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  claimsPreviewProtocol,
  readPreviewMessage,
  sendPreviewRequest,
  type PreviewFacts,
  type PreviewRequest,
} from '../../schemas/contracts/preview-protocol';

export interface PreviewChannelState {
  /** Bumped each time the iframe announces itself (first load, reload): everything is sent again then. */
  readyCount: number;
  buildId: string | null;
  rendered: PreviewFacts['PREVIEW_RENDERED'] | null;
  /** The last draft the preview refused, until a later one is taken. */
  rejected: PreviewFacts['DRAFT_REJECTED'] | null;
  scenarioRejected: PreviewFacts['SCENARIO_REJECTED'] | null;
}

type Rendered = PreviewFacts['PREVIEW_RENDERED'];

/** Every PREVIEW_RENDERED as it arrives, edit numbers included: for the one line that shows them (PreviewStatus). */
export interface RenderedFeed {
  subscribe: (listener: () => void) => () => void;
  latest: () => Rendered | null;
}

export interface PreviewChannel extends PreviewChannelState {
  /** Sends a request to the iframe once it is ready; earlier ones are covered by the resend on PREVIEW_READY. */
  send: (request: PreviewRequest) => void;
  renderedFeed: RenderedFeed;
}

/** What a render says apart from which edit it showed and when: the same for every keystroke in a title. */
const withoutEdit = (r: Rendered) =>
  JSON.stringify({
    ...r,
    draftRevision: null,
    sentAt: null,
    renderedAt: 0,
    shown: r.shown.map((s) => (s.source === 'draft' ? { ...s, revision: 0 } : s)),
  });
const sameRendering = (a: Rendered | null, b: Rendered) => a !== null && withoutEdit(a) === withoutEdit(b);

function createRenderedFeed(): RenderedFeed & { push: (rendered: Rendered) => void } {
  let latest: Rendered | null = null;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    latest: () => latest,
    push: (rendered) => {
      latest = rendered;
      listeners.forEach((listener) => listener());
    },
  };
}

const INITIAL: PreviewChannelState = {
  readyCount: 0,
  buildId: null,
  rendered: null,
  rejected: null,
  scenarioRejected: null,
};

/** The editor's end of the protocol: facts from its own iframe only, requests to it only. */
export function usePreviewChannel(
  frame: RefObject<HTMLIFrameElement | null>,
  onScenarioUpdated: (query: string) => void,
  onItemSelected: (item: PreviewFacts['ITEM_SELECTED']) => void = () => {},
  onItemHighlighted: (answer: PreviewFacts['ITEM_HIGHLIGHTED']) => void = () => {},
): PreviewChannel {
  const [state, setState] = useState(INITIAL);
  const [renderedFeed] = useState(createRenderedFeed);
  const ready = useRef(false);
  const scenarioUpdated = useRef(onScenarioUpdated);
  const itemSelected = useRef(onItemSelected);
  const itemHighlighted = useRef(onItemHighlighted);
  useEffect(() => {
    scenarioUpdated.current = onScenarioUpdated;
    itemSelected.current = onItemSelected;
    itemHighlighted.current = onItemHighlighted;
  });

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const source = frame.current?.contentWindow ?? null;
      // Other windows post messages too (devtools, other frames); only the preview's are facts for us.
      if (event.source !== source && !claimsPreviewProtocol(event.data)) return;
      const fact = readPreviewMessage(event, { source, direction: 'fact' });
      if (!fact) return;
      switch (fact.type) {
        case 'PREVIEW_READY':
          ready.current = true;
          return setState((s) => ({ ...s, readyCount: s.readyCount + 1, buildId: fact.payload.buildId }));
        case 'PREVIEW_RENDERED':
          // Each keystroke renders a new edit; the channel's state (and every panel reading it) changes only when
          // something else does, and the edit number reaches its one line through the feed (docs/editor-typing.md#the-fixes).
          renderedFeed.push(fact.payload);
          return setState((s) =>
            s.scenarioRejected === null && sameRendering(s.rendered, fact.payload)
              ? s
              : { ...s, rendered: fact.payload, scenarioRejected: null },
          );
        case 'DRAFT_UPDATED':
          return setState((s) =>
            s.rejected && s.rejected.revision <= fact.payload.revision ? { ...s, rejected: null } : s,
          );
        case 'DRAFT_REJECTED':
          return setState((s) => ({ ...s, rejected: fact.payload }));
        case 'SCENARIO_REJECTED':
          return setState((s) => ({ ...s, scenarioRejected: fact.payload }));
        case 'SCENARIO_UPDATED':
          return scenarioUpdated.current(fact.payload.query);
        case 'ITEM_SELECTED':
          return itemSelected.current(fact.payload);
        case 'ITEM_HIGHLIGHTED':
          // Not channel state: only the note about the focused field listens, not every panel on the channel.
          return itemHighlighted.current(fact.payload);
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frame, renderedFeed]);

  const send = useCallback(
    (request: PreviewRequest) => {
      const target = frame.current?.contentWindow;
      if (ready.current && target) sendPreviewRequest(target, request);
    },
    [frame],
  );
  return { ...state, send, renderedFeed };
}
