import { describe, expect, it } from 'vitest';
import { editableConfig } from '../resolver/__fixtures__/configs';
import { loggedIn, privateCustomer } from '../resolver/__fixtures__/contexts';
import { resolve } from '../resolver/__fixtures__/shell';
import { hiddenItems, renderedFact } from './preview-facts';

// de-DE's account menu gates payment methods behind a flag (docs/rules.md#account-menu): off here, so the resolver hides it.
const model = resolve(loggedIn('de-DE', { page: 'dashboard', customer: privateCustomer(), flags: new Set() }));
const draft = {
  documentId: 'de-DE' as const,
  revision: 7,
  config: editableConfig('de-DE') as unknown as Record<string, unknown>,
  sentAt: 1000.5,
};
const manifest = {
  format: 1 as const,
  documents: { markets: { file: 'markets.abc.json', hash: 'abc' }, flags: { file: 'flags.def.json', hash: 'def' } },
};
const base = {
  model,
  documents: ['de-DE', 'markets', 'flags'] as const,
  manifest,
  query: 'persona=customer&page=dashboard',
  buildId: 'abc1234 2026-01-05T10:00Z',
  renderedAt: 1042,
};

describe('the PREVIEW_RENDERED fact', () => {
  it('names the draft revision for the drafted document and the published hash for the others', () => {
    const fact = renderedFact({ ...base, draft, whyHidden: false });
    expect(fact.shown).toEqual([
      { documentId: 'de-DE', source: 'draft', revision: 7 },
      { documentId: 'markets', source: 'published', hash: 'abc' },
      { documentId: 'flags', source: 'published', hash: 'def' },
    ]);
    expect(fact).toMatchObject({
      buildId: 'abc1234 2026-01-05T10:00Z',
      query: 'persona=customer&page=dashboard',
      draftRevision: 7,
      sentAt: 1000.5,
      renderedAt: 1042,
    });
  });

  it('counts hidden items always, and lists them with their rule only while "why hidden" is on', () => {
    const off = renderedFact({ ...base, draft, whyHidden: false });
    expect(off.hidden).toBeUndefined();
    const on = renderedFact({ ...base, draft, whyHidden: true });
    expect(on.hiddenCount).toBe(on.hidden!.length);
    expect(on.hidden).toContainEqual(
      expect.objectContaining({
        title: 'Zahlungsmethoden',
        reason: 'needs flag "paymentMethodScreens" on',
        rule: { flag: 'paymentMethodScreens' },
      }),
    );
    expect(hiddenItems(model).map((h) => h.id)).toEqual(on.hidden!.map((h) => h.id));
  });

  it('says no draft is on screen when the draft is of a document this render did not use', () => {
    const fact = renderedFact({ ...base, draft: { ...draft, documentId: 'fr-FR' }, whyHidden: false });
    expect(fact.shown[0]).toEqual({ documentId: 'de-DE', source: 'published', hash: null });
    expect(fact).toMatchObject({ draftRevision: null, sentAt: null });
  });
});
