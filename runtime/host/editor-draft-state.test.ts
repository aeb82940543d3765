import { describe, expect, it } from 'vitest';
import { editableConfig } from '../resolver/__fixtures__/configs';
import {
  draftRendered,
  draftShapeProblem,
  draftsOf,
  receiveDraft,
  revertDraft,
  type DraftEntry,
  type DraftState,
} from './editor-draft-state';

const deDE = editableConfig('de-DE') as unknown as Record<string, unknown>;
const entry = (revision: number, config: Record<string, unknown> = deDE): DraftEntry => ({
  documentId: 'de-DE',
  revision,
  config,
  sentAt: revision * 10,
});

describe('the editor preview draft state', () => {
  it('takes a draft whose outline fits its document and renders it instead of the published one', () => {
    const decision = receiveDraft({}, entry(2));
    expect(decision.accepted).toBe(true);
    expect(draftsOf(decision.state)).toEqual({ 'de-DE': deDE });
    expect(draftsOf({})).toBeUndefined();
  });

  it.each<[string, DraftEntry, string]>([
    [
      'a locale draft of another locale',
      entry(3, { ...deDE, locale: 'fr-FR' }),
      `the draft's "locale" is "fr-FR", not "de-DE"`,
    ],
    [
      'a locale draft without header and footer',
      entry(3, { locale: 'de-DE', strings: {} }),
      'the draft has no "header" object, "footer" object',
    ],
    [
      'a markets draft without its list',
      { documentId: 'markets', revision: 1, config: { markets: {} }, sentAt: 0 },
      'a markets draft needs a "markets" list',
    ],
    [
      'a flags draft without its list',
      { documentId: 'flags', revision: 1, config: {}, sentAt: 0 },
      'a flags draft needs a "flags" list',
    ],
  ])('refuses %s, says why, and keeps what it showed', (_, draft, reason) => {
    const showing: DraftState = { current: entry(2), lastGood: entry(2) };
    const decision = receiveDraft(showing, draft);
    expect(decision).toEqual({ state: showing, accepted: false, reason });
    expect(draftShapeProblem(draft.documentId, draft.config)).toBe(reason);
  });

  it('remembers a draft as good only once its render committed', () => {
    const first = entry(2);
    let state = receiveDraft({}, first).state;
    expect(state.lastGood).toBeUndefined();
    state = draftRendered(state, 2);
    expect(state.lastGood).toBe(first);
    // A render reported for another revision (or the published version) changes nothing.
    const next = receiveDraft(state, entry(3)).state;
    expect(draftRendered(next, 2)).toBe(next);
    expect(draftRendered(next, null)).toBe(next);
  });

  it('a draft that throws while rendering gives way to the last draft that rendered', () => {
    const good = entry(2);
    const bad = entry(3, { ...deDE, header: { public: { navItems: 'oops' } } });
    const state = receiveDraft(draftRendered(receiveDraft({}, good).state, 2), bad).state;
    expect(revertDraft(state)).toEqual({ current: good, lastGood: good });
  });

  it('a draft that rendered once but throws in another scenario gives way to the published version', () => {
    const once = entry(4);
    const state = draftRendered(receiveDraft({}, once).state, 4);
    expect(revertDraft(state)).toEqual({});
    expect(revertDraft({})).toEqual({});
  });
});
