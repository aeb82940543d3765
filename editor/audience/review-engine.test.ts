import { MATRIX_PERSONA_IDS } from '../analysis';
import type { DocumentId } from '../../schemas/validator/documents';
import { at, editText, shippedOthers, shippedText, SHIPPED } from './__fixtures__/shipped-documents';
import { describeAudienceLine } from './review-audiences';
import { reviewChangeSet, type ChangeSetReview, type ReviewChange } from './review-engine';

const SLOW = { timeout: 30_000 };

function review(members: { id: DocumentId; draft: (text: string) => string; published?: string | null }[]) {
  const ids = members.map((m) => m.id);
  const result = reviewChangeSet({
    members: members.map((m) => ({
      id: m.id,
      publishedText: m.published === undefined ? shippedText(m.id) : m.published,
      draftText: m.draft(shippedText(m.id)),
    })),
    others: shippedOthers(...ids),
  });
  if (result.kind !== 'ready') throw new Error(`review invalid: ${JSON.stringify(result)}`);
  return result;
}

const lines = (change: ReviewChange) =>
  change.audiences.map(
    (a) => `${a.effect ? `${a.effect}: ` : ''}${describeAudienceLine(a, MATRIX_PERSONA_IDS.length)}`,
  );
const only = (r: Extract<ChangeSetReview, { kind: 'ready' }>) => {
  expect(r.changes).toHaveLength(1);
  return r.changes[0]!;
};
const set = (pointer: string, key: string, value: unknown) => (text: string) =>
  editText(text, (doc) => void ((at(doc, pointer) as Record<string, unknown>)[key] = value));

describe('reviewChangeSet', SLOW, () => {
  it('reports a label change behind a flag for exactly the audiences that have the flag on', () => {
    const change = only(
      review([{ id: 'de-DE', draft: (t) => t.replace('"title": "Zahlungsmethoden"', '"title": "Zahlarten"') }]),
    );
    expect(change).toMatchObject({
      kind: 'label',
      document: 'de-DE',
      id: 'zahlungsmethoden',
      title: 'Zahlarten',
      location: 'Header › Account menu',
      before: 'Zahlungsmethoden',
      after: 'Zahlarten',
      pointer: '/accountMenu/items/4',
    });
    expect(lines(change)).toEqual(['de-DE — customer, company — with paymentMethodScreens on']);
    expect(change.example).toMatchObject({ document: 'de-DE', locale: 'de-DE', persona: 'customer' });
    expect(change.example!.flags).toContain('paymentMethodScreens');
  });

  it('reports an href change with its flag and access condition', () => {
    const change = only(
      review([
        { id: 'de-DE', draft: set('/header/private/navItems/0/subMenus/main/4', 'href', '/dashboard/overnight/') },
      ]),
    );
    expect(change).toMatchObject({
      kind: 'href',
      title: 'Tagesgeld',
      location: 'Header (private) › Mein Sparen',
      before: '/dashboard/savings/overnight/',
      after: '/dashboard/overnight/',
    });
    expect(lines(change)).toEqual([
      'de-DE — customer, company — with newDepositsPage on and access HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
    ]);
  });

  it('says nothing extra when every combination sees it, and "every persona" when all do', () => {
    const change = only(review([{ id: 'de-DE', draft: set('/footer/legalLinks/0', 'title', 'Impressum & Anbieter') }]));
    expect(lines(change)).toEqual(['de-DE — every persona']);
  });

  it('reports an id rename as one change, not one item disappearing and another appearing', () => {
    const change = only(review([{ id: 'de-DE', draft: set('/footer/columns/1/links/3', 'id', 'footer-jobs') }]));
    expect(change).toMatchObject({
      kind: 'id-rename',
      id: 'footer-jobs',
      before: 'footer-karriere',
      after: 'footer-jobs',
      location: 'Footer › Unternehmen',
    });
    expect(lines(change)).toEqual(['de-DE — every persona — with hideFooterLinks off']);
  });

  it('reports an order swap for the two entries, seen where both show', () => {
    const r = review([
      {
        id: 'de-DE',
        draft: (t) =>
          editText(t, (doc) => {
            const items = at(doc, '/accountMenu/items') as unknown[];
            [items[3], items[4]] = [items[4], items[3]];
          }),
      },
    ]);
    expect(r.changes.map((c) => `${c.kind} ${c.id} ${c.before} → ${c.after}`)).toEqual([
      'order auszahlungen position 4 → position 5',
      'order zahlungsmethoden position 5 → position 4',
    ]);
    for (const change of r.changes)
      expect(lines(change)).toEqual(['de-DE — customer, company — with paymentMethodScreens on']);
  });

  it("reports an order swap only where the entry it swapped with shows, including through that entry's dropdown", () => {
    // aanbod has no rule of its own; it shows while one of its three dropdown entries does (docs/rules.md#visibility-rules).
    const r = review([
      {
        id: 'nl-NL',
        draft: (t) =>
          editText(t, (doc) => {
            const items = at(doc, '/header/private/navItems') as unknown[];
            [items[1], items[2]] = [items[2], items[1]];
          }),
      },
    ]);
    const swapped = r.changes.find((c) => c.id === 'mijn-beleggen')!;
    expect(swapped.kind).toBe('order');
    expect(lines(swapped)[0]).toBe(
      'nl-NL — customer, company — with dwmNetherlandsLaunch on and access notice_product_access, or with dwmNetherlandsLaunch on and access overnight_product_access, or with dwmNetherlandsLaunch on and access term_product_access',
    );
  });

  it('splits a rule change into the audiences that now see the item and those that no longer do', () => {
    const change = only(
      review([{ id: 'de-DE', draft: set('/accountMenu/items/4', 'visibility', { flag: 'newDashboard' }) }]),
    );
    expect(change).toMatchObject({
      kind: 'rule',
      before: '{"flag":"paymentMethodScreens"}',
      after: '{"flag":"newDashboard"}',
    });
    expect(lines(change)).toEqual([
      'shown: de-DE — customer, company — with paymentMethodScreens off and newDashboard on',
      'hidden: de-DE — customer, company — with paymentMethodScreens on and newDashboard off',
    ]);
  });

  it('reports what appears and disappears, with the documents of a change set reviewed together', () => {
    const r = review([
      {
        id: 'de-DE',
        draft: (t) => editText(t, (doc) => void (at(doc, '/footer/legalLinks') as unknown[]).splice(2, 1)),
      },
      {
        id: 'de-AT',
        draft: (t) =>
          editText(
            t,
            (doc) =>
              void (at(doc, '/footer/legalLinks') as unknown[]).push({
                id: 'barrierefreiheit',
                title: 'Barrierefreiheit',
                href: '/barrierefreiheit/',
              }),
          ),
      },
    ]);
    expect(r.changes.map((c) => [c.document, c.kind, c.title, lines(c)])).toEqual([
      ['de-DE', 'disappears', 'AGB', ['de-DE — every persona']],
      ['de-AT', 'appears', 'Barrierefreiheit', ['de-AT — every persona']],
    ]);
  });

  it('reviews a markets change in every locale that shows the picker (en too: the country selector page)', () => {
    const change = only(
      review([{ id: 'markets', draft: (t) => t.replace('"country": "Suomi"', '"country": "Suomi – Finland"') }]),
    );
    expect(change).toMatchObject({
      kind: 'label',
      location: 'Footer › Market picker',
      before: 'Suomi',
      after: 'Suomi – Finland',
    });
    expect(change.audiences.flatMap((a) => a.locales).sort()).toEqual(
      SHIPPED.filter((d) => !['markets', 'flags'].includes(d.id))
        .map((d) => d.id)
        .sort(),
    );
  });

  it('treats a never-published document as new: everything it shows appears', () => {
    const r = review([{ id: 'it-IT', draft: (t) => t, published: null }]);
    expect(r.changes.length).toBeGreaterThan(10);
    expect(new Set(r.changes.map((c) => c.kind))).toEqual(new Set(['appears']));
  });

  it('counts the combinations it resolved and names changes outside the items', () => {
    const r = review([
      {
        id: 'de-DE',
        draft: (t) => editText(t, (doc) => void ((doc.seo as Record<string, unknown>).metaTitle = 'Neu')),
      },
    ]);
    expect(r.changes).toEqual([]);
    expect(r.otherChanges).toEqual([{ document: 'de-DE', keys: ['seo'] }]);
    const label = review([{ id: 'de-DE', draft: set('/footer/legalLinks/0', 'title', 'Impressum & Anbieter') }]);
    expect(label.combinations).toBeGreaterThan(0);
  });

  it('refuses a draft that does not validate, naming the document', () => {
    const result = reviewChangeSet({
      members: [{ id: 'de-DE', publishedText: shippedText('de-DE'), draftText: '{' }],
      others: shippedOthers('de-DE'),
    });
    expect(result).toMatchObject({ kind: 'invalid', document: 'de-DE' });
  });
});
