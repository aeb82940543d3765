import type { HiddenItem } from '../../runtime/resolver';
import type { DocumentId } from '../../schemas/validator/documents';
import type { FooterResult, ResolvedView } from './combinations';
import type { IndexedItem } from './items';
import { problem, type AudienceProblem } from './problems';

/** Which items some audience saw (per document), and the first reason the resolver gave for hiding the others. */
export class Sightings {
  private readonly seen = new Map<string, Set<string>>();
  private readonly reasons = new Map<string, Map<string, string>>();
  /** Footer results are shared between views (combinations.ts): each is noted once. */
  private readonly footersSeen = new WeakSet<readonly FooterResult[]>();
  readonly renderedAccountMenus = new Set<string>();
  marketPickerRendered = false;

  /** Notes what a view shows, and why its first combination (no relevant flag on) hides the rest. */
  recordView(view: ResolvedView, document: DocumentId, accountDocument: DocumentId | undefined): void {
    view.headers.forEach(({ model, visible }, mask) => {
      this.see(document, [...visible.nav, ...Object.values(visible.dropdowns).flat(), ...visible.actions]);
      if (model.customer && accountDocument) {
        this.renderedAccountMenus.add(accountDocument);
        this.see(accountDocument, visible.accountMenu);
      }
      if (mask === 0) this.noteHidden(model.hidden, document, accountDocument);
    });
    if (this.footersSeen.has(view.footers)) return;
    this.footersSeen.add(view.footers);
    view.footers.forEach(({ model, visible }, mask) => {
      for (const [column, ids] of Object.entries(visible.footerColumns)) this.see(document, [column, ...ids]);
      this.see(document, visible.legalLinks);
      this.see('markets', visible.markets);
      if (model?.marketPicker) this.marketPickerRendered = true;
      if (mask === 0 && model) this.noteHidden(model.hidden, document, undefined);
    });
  }

  has(document: string, id: string): boolean {
    return this.seen.get(document)?.has(id) ?? false;
  }

  reason(document: string, id: string): string | undefined {
    return this.reasons.get(document)?.get(id);
  }

  private see(document: string, ids: Iterable<string>): void {
    let set = this.seen.get(document);
    if (!set) this.seen.set(document, (set = new Set()));
    for (const id of ids) set.add(id);
  }

  private noteHidden(hidden: readonly HiddenItem[], document: string, accountDocument: string | undefined): void {
    for (const h of hidden) {
      const doc = h.location === 'account menu' && accountDocument ? accountDocument : document;
      let map = this.reasons.get(doc);
      if (!map) this.reasons.set(doc, (map = new Map()));
      if (!map.has(h.id)) map.set(h.id, h.reason);
    }
  }
}

/** The items no audience saw, among those the matrix looked at: each with the resolver's reason, or its rule. */
export function unseenItems(
  locales: readonly string[],
  index: ReadonlyMap<string, IndexedItem[]>,
  sightings: Sightings,
): AudienceProblem[] {
  const out: AudienceProblem[] = [];
  for (const item of candidates(locales, index, sightings)) {
    if (sightings.has(item.document, item.id)) continue;
    // A dropdown entry or column link whose container nobody sees is covered by the container's warning.
    if (item.parent && !sightings.has(item.document, item.parent.id)) continue;
    let reason = sightings.reason(item.document, item.id);
    for (let at = item.parent; !reason && at; at = at.parent) reason = sightings.reason(at.document, at.id);
    out.push(
      problem('unseen-item', {
        document: item.document,
        ...(item.document !== 'markets' ? { locale: item.document } : {}),
        pointer: item.pointer,
        message: `no audience sees "${item.title}" (${item.id}, ${item.location})`,
        hint: `${reason ?? (item.rule ? `its rule ${JSON.stringify(item.rule)} holds for no persona and flag combination` : 'its section is shown on no page checked')}; remove it or fix its rule`,
      }),
    );
  }
  return out;
}

function candidates(
  locales: readonly string[],
  index: ReadonlyMap<string, IndexedItem[]>,
  sightings: Sightings,
): IndexedItem[] {
  const out: IndexedItem[] = [];
  const analysed = new Set(locales);
  for (const [doc, items] of index) {
    if (doc === 'markets') {
      if (sightings.marketPickerRendered) out.push(...items);
      continue;
    }
    // An account menu is judged only where it is shown: plain en's is the fallback of locales without one.
    for (const item of items)
      if (item.kind === 'account' ? sightings.renderedAccountMenus.has(doc) : analysed.has(doc)) out.push(item);
  }
  return out;
}
