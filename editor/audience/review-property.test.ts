/**
 * Property: a random edit (label, href, rule flag, order swap, id rename) to a random item of a random locale
 * document is always reported, for exactly the audiences that see it (docs/workflow.md#publish-review).
 * The expected audiences are worked out here from the resolver's models over every combination of every flag
 * that can change the locale (documentFlags) and the access values the item's and its container's rules name,
 * not from the engine's grouping: its conditions are only read back, combination by combination.
 */
import fc from 'fast-check';
import { documentFlags, MATRIX_PERSONAS, pagesFor, type MatrixPersona } from '../analysis';
import { baseContext } from '../analysis/combinations';
import { indexConfig, type IndexedItem } from '../analysis/items';
import {
  resolveShellFooter,
  resolveShellHeader,
  type FooterModel,
  type HeaderModel,
  type ShellInput,
} from '../../runtime/resolver';
import type { LocaleConfig, Rule } from '../../schemas/generated/config-types';
import { LOCALE_CONFIG_IDS, type DocumentId } from '../../schemas/validator/documents';
import { at, editText, shippedOthers, shippedText, SHIPPED } from './__fixtures__/shipped-documents';
import { prepareSet } from './prepare-documents';
import { meets, type Variable } from './review-conditions';
import { reviewChangeSet, type ChangeSetReview } from './review-engine';

const EDITS = ['label', 'href', 'rule', 'order', 'id-rename'] as const;
type Edit = (typeof EDITS)[number];
const FLAG_IDS: string[] = (JSON.parse(shippedText('flags')) as { flags: { id: string }[] }).flags.map((f) => f.id);
const ITEMS = new Map(LOCALE_CONFIG_IDS.map((id) => [id, indexConfig(JSON.parse(shippedText(id)) as LocaleConfig)]));

/** Applies the edit at the item's pointer; undefined when it does not apply to this item. */
function applyEdit(
  text: string,
  item: IndexedItem,
  edit: Edit,
  flag: string,
): { text: string; newId: string; swappedWith?: string } | undefined {
  const parentPointer = item.pointer.replace(/\/\d+$/, '');
  const index = Number(item.pointer.split('/').pop());
  const doc = JSON.parse(text) as Record<string, unknown>;
  const list = at(doc, parentPointer) as Record<string, unknown>[];
  const entry = list[index]!;
  let newId = item.id;
  let swappedWith: string | undefined;
  switch (edit) {
    case 'label':
      entry[item.kind === 'footer-column' ? 'heading' : 'title'] = `${item.title} (neu)`;
      break;
    case 'href':
      if (typeof entry.href !== 'string') return undefined;
      entry.href = `${entry.href}${entry.href.includes('?') ? '&' : '?'}review=1`;
      break;
    case 'rule':
      if (JSON.stringify(entry.visibility) === JSON.stringify({ flag })) return undefined;
      entry.visibility = { flag };
      break;
    case 'order': {
      if (list.length < 2) return undefined;
      const other = index + 1 < list.length ? index + 1 : index - 1;
      swappedWith = list[other]!.id as string;
      [list[index], list[other]] = [list[other]!, list[index]!];
      break;
    }
    case 'id-rename':
      newId = `${item.id.slice(0, 50)}-renamed`;
      entry.id = newId;
      break;
  }
  return { text: editText(JSON.stringify(doc), () => {}), newId, ...(swappedWith ? { swappedWith } : {}) };
}

/** Access values a rule names, found by walking it as JSON. */
function ruleValues(rule: unknown, into: Map<string, Variable>): void {
  if (!rule || typeof rule !== 'object') return;
  const r = rule as Rule;
  if (r.access) into.set(`access:${r.access}`, { kind: 'access', id: r.access });
  if (r.pomProduct) into.set(`pom:${r.pomProduct}`, { kind: 'pom', id: r.pomProduct });
  for (const child of [...(r.all ?? []), ...(r.any ?? []), r.not]) ruleValues(child, into);
}

/** Access values named by any rule inside a JSON value (an item with its dropdown or links). */
function valuesInside(node: unknown, into: Map<string, Variable>): void {
  if (Array.isArray(node)) for (const child of node) valuesInside(child, into);
  else if (node && typeof node === 'object')
    for (const [key, child] of Object.entries(node))
      if (key === 'visibility') ruleValues(child, into);
      else valuesInside(child, into);
}

/** The ids a resolved header or footer shows in the list the item sits in (the resolver's output, read directly). */
function shown(header: HeaderModel | undefined, footer: FooterModel | undefined, item: IndexedItem): string[] {
  const section = item.pointer.split('/')[2];
  const inSection = header && (header.variant === 'partner' ? 'public' : header.variant) === section;
  switch (item.kind) {
    case 'nav':
      return inSection ? header.navItems.map((n) => n.id) : [];
    case 'submenu': {
      const nav = inSection ? header.navItems.find((n) => n.id === item.parent!.id) : undefined;
      return nav?.subMenu
        ? Object.values(nav.subMenu).flatMap((l) => (Array.isArray(l) ? l.map((i) => i.id) : []))
        : [];
    }
    case 'action':
      return inSection ? header.actionItems.map((a) => a.id) : [];
    case 'account':
      return header?.customer?.accountMenu.items.map((i) => i.id) ?? [];
    case 'footer-column':
      return footer?.columns.map((c) => c.id) ?? [];
    case 'footer-link':
      return footer?.columns.find((c) => c.id === item.parent!.id)?.links.map((l) => l.id) ?? [];
    case 'legal':
      return footer?.legalLinks.map((l) => l.id) ?? [];
    case 'market':
      return footer?.marketPicker?.markets.map((m) => m.id) ?? [];
  }
}

const holdsAccess = (p: MatrixPersona) =>
  p.facts.loggedIn && !!p.facts.customer && !p.facts.customer.isPendingActivation;

describe('publish review property', () => {
  it('reports every random edit for exactly the audiences that see it', { timeout: 240_000 }, () => {
    const locales = [...ITEMS.keys()];
    fc.assert(
      fc.property(
        fc.constantFrom(...locales),
        fc.nat(),
        fc.constantFrom(...EDITS),
        fc.constantFrom(...FLAG_IDS),
        (locale: DocumentId, pick, edit, flag) => {
          const items = ITEMS.get(locale as never)!;
          const item = items[pick % items.length]!;
          const published = shippedText(locale);
          const applied = applyEdit(published, item, edit, flag);
          fc.pre(applied !== undefined);
          const result: ChangeSetReview = reviewChangeSet({
            members: [{ id: locale, publishedText: published, draftText: applied!.text }],
            others: shippedOthers(locale),
          });
          fc.pre(result.kind === 'ready');
          if (result.kind !== 'ready') return;
          const reported = result.changes.find((c) => c.kind === edit && c.id === applied!.newId);
          expect(reported, `${edit} of ${item.id} in ${locale} is reported`).toBeDefined();
          expect(reported!.truncated).toEqual([]);

          const before = prepareSet(SHIPPED);
          const after = prepareSet([...shippedOthers(locale), { id: locale, text: applied!.text }]);
          const configOf = (set: typeof before, id: string) => set.configs.find((c) => c.locale === id)!;
          const shell = (set: typeof before, id: string): ShellInput => ({
            config: configOf(set, id),
            fallback: configOf(set, 'en'),
            markets: set.markets,
          });
          const afterItem = indexConfig(configOf(after, locale)).find(
            (i) => i.id === applied!.newId && i.kind === item.kind,
          )!;
          const values = new Map<string, Variable>();
          for (const i of [item, afterItem])
            for (let x: IndexedItem | undefined = i; x; x = x.parent) ruleValues(x.rule, values);
          valuesInside(at(JSON.parse(published), item.pointer), values);
          valuesInside(at(JSON.parse(applied!.text), afterItem.pointer), values);
          // An order change shows only where both entries that swapped places show.
          if (edit === 'order')
            valuesInside(
              (at(JSON.parse(published), item.pointer.replace(/\/\d+$/, '')) as { id: string }[]).find(
                (e) => e.id === applied!.swappedWith,
              ),
              values,
            );
          const flags = [
            ...new Set([...documentFlags(shell(before, locale)), ...documentFlags(shell(after, locale))]),
          ].map((id): Variable => ({ kind: 'flag', id }));
          for (const v of reported!.variables)
            expect(
              [...flags, ...values.values()].some((u) => u.kind === v.kind && u.id === v.id),
              `${v.kind} ${v.id} is one of the values tried`,
            ).toBe(true);
          // en's account menu is shown by every locale without one (docs/rules.md#account-menu).
          const showing =
            locale === 'en' && item.kind === 'account'
              ? before.configs.filter((c) => c.locale === 'en' || !c.accountMenu).map((c) => c.locale as string)
              : [locale];
          for (const where of showing) {
            for (const persona of MATRIX_PERSONAS) {
              const vars = holdsAccess(persona) ? [...flags, ...values.values()] : flags;
              for (let mask = 0; mask < 1 << vars.length; mask++) {
                const isOn = (v: Variable) =>
                  (mask & (1 << vars.findIndex((u) => u.kind === v.kind && u.id === v.id))) !== 0;
                const flagSet = new Set(before.defaultFlags);
                const access = new Set<string>(persona.facts.access);
                const pom = new Set<string>(persona.facts.pomProducts);
                vars.forEach((v) => {
                  const target = v.kind === 'flag' ? flagSet : v.kind === 'access' ? access : pom;
                  if (isOn(v)) target.add(v.id);
                  else target.delete(v.id);
                });
                let expected = false;
                for (const page of pagesFor(configOf(after, where))) {
                  const ctx = {
                    ...baseContext(configOf(after, where), page, persona, new Date(0)),
                    flags: flagSet,
                    access: access as never,
                    pomProducts: pom as never,
                  };
                  const [b, a] = [shell(before, where), shell(after, where)];
                  const part = ['nav', 'submenu', 'action', 'account'].includes(item.kind) ? 'header' : 'footer';
                  const hb = part === 'header' ? resolveShellHeader(b, ctx) : undefined;
                  const ha = part === 'header' ? resolveShellHeader(a, ctx) : undefined;
                  const fb = part === 'footer' ? resolveShellFooter(b, ctx) : undefined;
                  const fa = part === 'footer' ? resolveShellFooter(a, ctx) : undefined;
                  const listB = shown(hb, fb, item);
                  const listA = shown(ha, fa, afterItem);
                  const visB = listB.includes(item.id);
                  const visA = listA.includes(afterItem.id);
                  if (edit === 'rule') expected ||= visB !== visA;
                  else if (edit === 'order') expected ||= visB && listB.includes(applied!.swappedWith!);
                  else expected ||= visB || visA;
                }
                const covered = reported!.audiences.some(
                  (line) =>
                    line.locales.includes(where) && line.personas.includes(persona.id) && meets(line.condition, isOn),
                );
                expect(
                  covered,
                  `${edit} of ${item.id}: ${where} ${persona.id} with ${
                    vars
                      .filter(isOn)
                      .map((v) => v.id)
                      .join(',') || 'nothing'
                  } on`,
                ).toBe(expected);
              }
            }
          }
        },
      ),
      { numRuns: 25, seed: Number(process.env.REVIEW_PROPERTY_SEED ?? Date.now() % 100_000) },
    );
  });
});
