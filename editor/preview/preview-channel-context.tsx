import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  type ReactNode,
  type RefObject,
} from 'react';
import type { PreviewFacts } from '../../schemas/contracts/preview-protocol';
import { usePreviewChannel, type PreviewChannel } from './use-preview-channel';

type ScenarioListener = (query: string) => void;
type ItemListener = (item: PreviewFacts['ITEM_SELECTED']) => void;
type HighlightListener = (answer: PreviewFacts['ITEM_HIGHLIGHTED']) => void;

export interface SharedPreviewChannel extends PreviewChannel {
  /** The preview iframe: the pane that shows it attaches this ref. */
  frame: RefObject<HTMLIFrameElement | null>;
  /** Hears the preview move by itself (a forced redirect); returns the unsubscribe. */
  onScenarioUpdated: (listener: ScenarioListener) => () => void;
  /** Hears an item clicked in the preview in visual editing (docs/editor-workspace.md#visual-editing); returns the unsubscribe. */
  onItemSelected: (listener: ItemListener) => () => void;
  /** Hears the preview's answers to HIGHLIGHT_ITEM (where the focused field's item is, or why it is not shown). */
  onItemHighlighted: (listener: HighlightListener) => () => void;
}

const PreviewChannelContext = createContext<SharedPreviewChannel | null>(null);

/**
 * The document page's one channel to its preview iframe (editor/preview/use-preview-channel.ts), held above
 * the panels so that any of them can read what the preview rendered (`usePreviewFacts`), not only the pane
 * that shows the frame.
 */
export function PreviewChannelProvider({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const listeners = useRef(new Set<ScenarioListener>());
  const dispatch = useCallback((query: string) => listeners.current.forEach((listener) => listener(query)), []);
  const itemListeners = useRef(new Set<ItemListener>());
  const dispatchItem = useCallback(
    (item: PreviewFacts['ITEM_SELECTED']) => itemListeners.current.forEach((listener) => listener(item)),
    [],
  );
  const highlightListeners = useRef(new Set<HighlightListener>());
  const dispatchHighlight = useCallback(
    (answer: PreviewFacts['ITEM_HIGHLIGHTED']) => highlightListeners.current.forEach((listener) => listener(answer)),
    [],
  );
  const channel = usePreviewChannel(frame, dispatch, dispatchItem, dispatchHighlight);
  const onScenarioUpdated = useCallback((listener: ScenarioListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const onItemSelected = useCallback((listener: ItemListener) => {
    itemListeners.current.add(listener);
    return () => void itemListeners.current.delete(listener);
  }, []);
  const onItemHighlighted = useCallback((listener: HighlightListener) => {
    highlightListeners.current.add(listener);
    return () => void highlightListeners.current.delete(listener);
  }, []);
  const value = useMemo(
    () => ({ ...channel, frame, onScenarioUpdated, onItemSelected, onItemHighlighted }),
    [channel, onScenarioUpdated, onItemSelected, onItemHighlighted],
  );
  return <PreviewChannelContext.Provider value={value}>{children}</PreviewChannelContext.Provider>;
}

/** The page's preview channel; `onScenarioUpdated`, when given, hears the preview's own moves while mounted. */
export function usePreviewFacts(onScenarioUpdated?: ScenarioListener): SharedPreviewChannel {
  const channel = useContext(PreviewChannelContext);
  if (!channel)
    throw new Error(
      'usePreviewFacts needs a <PreviewChannelProvider> above it (the document page renders one around its panels)',
    );
  const listener = useRef(onScenarioUpdated);
  useEffect(() => {
    listener.current = onScenarioUpdated;
  });
  const subscribe = channel.onScenarioUpdated;
  useEffect(() => subscribe((query) => listener.current?.(query)), [subscribe]);
  return channel;
}
