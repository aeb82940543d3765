import { useCallback, useEffect, useRef } from 'react';
import type { HiddenItemFact, PreviewFacts } from '../../schemas/contracts/preview-protocol';
import { elementOfItem, isOnScreen, itemIdOf, itemIndex, itemsAround, type ItemPlace } from './preview-items';

export interface VisualEditingOptions {
  /** Hover outlines and click-to-select are on (SET_VISUAL_EDITING). */
  enabled: boolean;
  /** The draft on screen (read when needed: a request may arrive in the same task as the draft it is about). */
  draft: () => Record<string, unknown> | undefined;
  /** What rules hid in the last render (the resolver's hidden log). */
  hidden: () => readonly HiddenItemFact[];
  onSelect: (item: ItemPlace) => void;
}

type Highlight = PreviewFacts['ITEM_HIGHLIGHTED'];

const HOVER_STYLE =
  'position:fixed;pointer-events:none;z-index:2147483646;border:2px dashed #2b6cb0;border-radius:3px;display:none;box-sizing:border-box';
const SELECTED_STYLE =
  'position:fixed;pointer-events:none;z-index:2147483647;border:2px solid #c05621;border-radius:3px;box-shadow:0 0 0 3px rgba(192,86,33,.25);display:none;box-sizing:border-box';
const TAG_STYLE =
  'position:absolute;left:-2px;bottom:100%;background:#2b6cb0;color:#fff;font:12px/1.4 system-ui,sans-serif;padding:0 4px;border-radius:3px 3px 0 0;white-space:nowrap';

function overlay(
  style: string,
  testId: string,
  withTag: boolean,
): { box: HTMLDivElement; tag: HTMLSpanElement | null } {
  const box = document.createElement('div');
  box.setAttribute('style', style);
  box.setAttribute('aria-hidden', 'true');
  box.dataset.testid = testId;
  let tag: HTMLSpanElement | null = null;
  if (withTag) {
    tag = document.createElement('span');
    tag.setAttribute('style', TAG_STYLE);
    box.append(tag);
  }
  document.body.append(box);
  return { box, tag };
}

function place(box: HTMLDivElement, target: Element | null): void {
  if (!target || !target.isConnected) return void (box.style.display = 'none');
  const r = target.getBoundingClientRect();
  Object.assign(box.style, {
    display: 'block',
    left: `${r.left - 2}px`,
    top: `${r.top - 2}px`,
    width: `${r.width + 4}px`,
    height: `${r.height + 4}px`,
  });
}

/** Wholly inside the window: scrolling it into view would only move what the person is pointing at. */
function inViewport(element: Element): boolean {
  const r = element.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
}

/** The outermost element that still belongs to the item `id` (the element itself may be its link's text). */
function itemRoot(element: Element, id: string, index: ReadonlyMap<string, ItemPlace>): HTMLElement {
  let root = element;
  while (root.parentElement && itemIdOf(root.parentElement, index) === id) root = root.parentElement;
  return root as HTMLElement;
}

/**
 * Visual editing inside the editor's preview frame (docs/editor-workspace.md#visual-editing): hovering an item
 * outlines it, a click selects it (a link does not navigate), and `highlight` outlines and scrolls to the item
 * at a pointer, or says why it is not on screen.
 */
export function useVisualEditing({ enabled, draft, hidden, onSelect }: VisualEditingOptions): {
  highlight: (pointer: string, scroll?: boolean) => Highlight;
} {
  const latest = useRef({ draft, hidden, onSelect });
  useEffect(() => {
    latest.current = { draft, hidden, onSelect };
  });
  // The id → pointer index of the draft on screen, rebuilt when another draft arrives.
  const indexed = useRef<{ draft: unknown; map: Map<string, ItemPlace> }>({ draft: undefined, map: new Map() });
  const indexOf = useCallback(() => {
    const shown = latest.current.draft();
    if (indexed.current.draft !== shown) indexed.current = { draft: shown, map: itemIndex(shown) };
    return indexed.current.map;
  }, []);
  const boxes = useRef<{
    hover: ReturnType<typeof overlay>;
    selected: ReturnType<typeof overlay>;
    selectedTarget: Element | null;
  } | null>(null);

  useEffect(() => {
    const hover = overlay(HOVER_STYLE, 'preview-hover-outline', true);
    const selected = overlay(SELECTED_STYLE, 'preview-selected-outline', false);
    boxes.current = { hover, selected, selectedTarget: null };
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => place(selected.box, boxes.current?.selectedTarget ?? null));
    };
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
      hover.box.remove();
      selected.box.remove();
      boxes.current = null;
    };
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const hoverBox = boxes.current!.hover;
    const itemAt = (target: EventTarget | null) => {
      if (!(target instanceof Element) || !target.closest('.ps-root')) return null;
      const map = indexOf();
      const id = itemIdOf(target, map);
      return id ? { element: itemRoot(target, id, map), item: map.get(id)! } : null;
    };
    const onMove = (event: MouseEvent) => {
      const found = itemAt(event.target);
      place(hoverBox.box, found?.element ?? null);
      if (found && hoverBox.tag) hoverBox.tag.textContent = found.item.title ?? found.item.id;
    };
    const onLeave = () => place(hoverBox.box, null);
    const select = (found: NonNullable<ReturnType<typeof itemAt>>) => {
      boxes.current!.selectedTarget = found.element;
      place(boxes.current!.selected.box, found.element);
      latest.current.onSelect(found.item);
    };
    // The selection goes out on the press, ahead of the click's own work in the page (a dropdown opening), so
    // the editor's field is focused sooner; a click from the keyboard (no press) selects on the click.
    const onPress = (event: PointerEvent) => {
      if (event.button !== 0 || !event.isPrimary) return;
      const found = itemAt(event.target);
      if (found) select(found);
    };
    const onClick = (event: MouseEvent) => {
      const found = itemAt(event.target);
      if (!found) return;
      // A link would leave the draft for another page: in edit mode a click only selects. Buttons still open
      // their dropdowns, so a nested entry can be reached and clicked.
      if (event.target instanceof Element && event.target.closest('a[href]')) {
        event.preventDefault();
        event.stopPropagation();
      }
      if (event.detail === 0) select(found);
    };
    document.addEventListener('mousemove', onMove, true);
    document.documentElement.addEventListener('mouseleave', onLeave);
    document.addEventListener('click', onClick, true);
    document.addEventListener('pointerdown', onPress, true);
    return () => {
      document.removeEventListener('pointerdown', onPress, true);
      document.removeEventListener('mousemove', onMove, true);
      document.documentElement.removeEventListener('mouseleave', onLeave);
      document.removeEventListener('click', onClick, true);
      place(hoverBox.box, null);
    };
  }, [enabled, indexOf]);

  const highlight = useCallback(
    (pointer: string, scroll = true): Highlight => {
      const map = indexOf();
      const { draft: shown, hidden: hiddenNow } = latest.current;
      const select = (element: HTMLElement | null) => {
        if (!boxes.current) return;
        boxes.current.selectedTarget = element;
        place(boxes.current.selected.box, element);
      };
      const around = itemsAround(shown(), pointer);
      const [own] = around;
      if (!own) {
        select(null);
        return { pointer, id: null, place: 'no-item', reason: null, outlined: null };
      }
      const hiddenById = new Map(hiddenNow().map((h) => [h.id, h]));
      const label = (item: ItemPlace) => `"${item.title ?? item.id}"`;
      for (const [depth, item] of around.entries()) {
        const rule = hiddenById.get(item.id);
        if (rule) {
          select(null);
          const reason = depth === 0 ? rule.reason : `${label(item)} is hidden: ${rule.reason}`;
          return { pointer, id: own.id, place: 'hidden', reason, outlined: null };
        }
        // Typing re-renders the preview on every keystroke and each render answers again: reuse the element
        // found last time while it is still the item's, instead of walking the whole shell.
        const previous = boxes.current?.selectedTarget;
        const reusable =
          previous instanceof HTMLElement &&
          previous.isConnected &&
          isOnScreen(previous) &&
          itemIdOf(previous, map) === item.id &&
          !(previous.parentElement && itemIdOf(previous.parentElement, map) === item.id);
        const element = reusable ? previous : elementOfItem(document, item.id, map);
        if (element) {
          if (scroll && !inViewport(element)) element.scrollIntoView({ block: 'center', inline: 'nearest' });
          select(element);
          if (depth === 0) return { pointer, id: own.id, place: 'shown', reason: null, outlined: item.id };
          return {
            pointer,
            id: own.id,
            place: 'inside',
            reason: `inside ${label(item)}, which is closed: open it in the preview to see it`,
            outlined: item.id,
          };
        }
      }
      select(null);
      return {
        pointer,
        id: own.id,
        place: 'not-shown',
        reason: 'not part of this combination: this persona and page show another part of the config',
        outlined: null,
      };
    },
    [indexOf],
  );

  return { highlight };
}
