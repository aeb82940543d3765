/**
 * The publish review of a change set (docs/workflow.md#publish-review): every changed item of every member
 * document, with the exact audiences that see the change. Pure TypeScript, no React; it runs in the audience
 * worker (analysis-protocol.ts) and in Node (bench/review.bench.ts).
 *
 * For each changed item, the flags and access values that its rules, its containers' rules and its entries'
 * rules name (for an order change, also the rules of the entries it swapped places with) are varied over
 * every combination, for every locale that shows the item, every page and every persona of the matrix
 * (editor/analysis). The resolver resolves old and new; nothing here evaluates a rule. Values no rule of the
 * item names keep their registry defaults: they cannot change what this item does.
 */
import {
  CODE_VISIBILITY_FLAGS,
  hasCustomerData,
  MATRIX_PERSONAS,
  pagesFor,
  type MatrixPage,
  type MatrixPersona,
} from '../analysis';
import { baseContext } from '../analysis/combinations';
import { effectiveRules, type IndexedItem } from '../analysis/items';
import { footerVisible, headerVisible } from '../analysis/visible-items';
import { resolveShellFooter, resolveShellHeader, type ResolverContext, type ShellInput } from '../../runtime/resolver';
import type { AccessId, LocaleConfig, MarketEntry, PomProduct, Rule } from '../../schemas/generated/config-types';
import { documentKind, type DocumentId, type Problem } from '../../schemas/validator';
import {
  prepareDocument,
  prepareSet,
  type DocumentSet,
  type DocumentText,
  type ExcludedDocument,
} from './prepare-documents';
import { groupAudiences, type AudienceLine, type CellLog } from './review-audiences';
import { type Variable } from './review-conditions';
import { describeRule, documentItems, pairItems, type ChangeKind, type ItemPair } from './review-items';
import { partOf, visibleInList, type PartView, type ShellPart } from './review-sightings';

export interface ReviewMember {
  id: DocumentId;
  /** What customers load now; null when the document was never published. */
  publishedText: string | null;
  draftText: string;
}

export interface ReviewInput {
  members: readonly ReviewMember[];
  /**
   * The published texts of the other documents the members are shown with: en (the account-menu fallback),
   * markets and flags, and for a markets or en member every locale (load-review-documents.ts).
   */
  others: readonly DocumentText[];
  /** Values varied per item at most (2^10 combinations); the rest keep their defaults, said in `truncated`. */
  maxVariables?: number;
  now?: Date;
}

/** A scenario that shows a change: what the visual before/after opens. */
export interface ReviewScenario {
  /** The member document the change is in: its draft is the "after" side. */
  document: DocumentId;
  locale: string;
  persona: string;
  page: MatrixPage['page'];
  bankNavigation?: true;
  /** Every flag on in this combination (registry defaults with the varied ones set). */
  flags: string[];
  /** Access ids and pension products held; only for personas whose access is varied (variesAccess). */
  access?: string[];
}

export interface ReviewChange {
  kind: ChangeKind;
  document: DocumentId;
  /** The item's id in the draft (in the published version for one that disappears). */
  id: string;
  title: string;
  /** In words: `Header (private) › Sparen`, `Header › Account menu`, `Footer › Service`. */
  location: string;
  /** JSON pointer into the draft (the published version for one that disappears). */
  pointer: string;
  before: string | null;
  after: string | null;
  /** The flags and access values varied for it. */
  variables: Variable[];
  /** Values that would have been varied too but kept their defaults (over maxVariables). */
  truncated: Variable[];
  /** Who sees the change; empty when no audience does (a rule that still lets the same audiences through). */
  audiences: AudienceLine[];
  example: ReviewScenario | null;
}

export type ChangeSetReview =
  | {
      kind: 'ready';
      changes: ReviewChange[];
      /** locale × page × persona × value combinations resolved, old and new. */
      combinations: number;
      ms: number;
      personas: { id: string; label: string }[];
      excluded: ExcludedDocument[];
      /** Members whose draft also changes parts that are no items (texts, SEO, logos…), by top-level key. */
      otherChanges: { document: DocumentId; keys: string[] }[];
      /** The flags on by default, when a flags member changes them. */
      defaultFlags: { before: string[]; after: string[] } | null;
      /** Each member's draft, validated and default-filled: what the visual before/after sends the preview. */
      drafts: { id: DocumentId; value: unknown }[];
    }
  | { kind: 'invalid'; document: DocumentId; problems: Problem[] };

const DEFAULT_MAX_VARIABLES = 10;

/** One version of everything customers load, as the resolver takes it. */
interface Side {
  name: 'before' | 'after';
  set: DocumentSet;
  configs: Map<string, LocaleConfig>;
  shells: Map<string, ShellInput>;
}

function makeSide(name: Side['name'], set: DocumentSet): Side {
  const configs = new Map(set.configs.map((c) => [c.locale as string, c]));
  const fallback = configs.get('en');
  const shells = new Map<string, ShellInput>();
  for (const [id, config] of configs)
    shells.set(id, { config, ...(fallback ? { fallback } : {}), markets: set.markets });
  return { name, set, configs, shells };
}

function memberValue(side: Side, id: DocumentId): LocaleConfig | readonly MarketEntry[] | undefined {
  return documentKind(id) === 'markets'
    ? side.set.excluded.some((e) => e.id === 'markets')
      ? undefined
      : side.set.markets
    : side.configs.get(id);
}

const LOCATION_OF_KIND: Record<IndexedItem['kind'], (item: IndexedItem) => string> = {
  nav: (i) => `Header (${i.pointer.split('/')[2]})`,
  submenu: (i) => `Header (${i.pointer.split('/')[2]}) › ${i.parent!.title}`,
  action: (i) => `Header (${i.pointer.split('/')[2]}) › Actions`,
  account: (i) => (i.pointer.includes('/companyItems/') ? 'Header › Account menu (company)' : 'Header › Account menu'),
  'footer-column': () => 'Footer',
  'footer-link': (i) => `Footer › ${i.parent!.title}`,
  legal: () => 'Footer › Legal links',
  market: () => 'Footer › Market picker',
};

/** What each kind of change shows as before → after. */
const VALUES: Record<
  ChangeKind,
  (b: IndexedItem | undefined, a: IndexedItem | undefined) => [string | null, string | null]
> = {
  label: (b, a) => [b!.title, a!.title],
  href: (b, a) => [b!.href ?? null, a!.href ?? null],
  rule: (b, a) => [describeRule(b!.rule), describeRule(a!.rule)],
  order: (b, a) => [
    `position ${Number(/(\d+)$/.exec(b!.pointer)![1]) + 1}`,
    `position ${Number(/(\d+)$/.exec(a!.pointer)![1]) + 1}`,
  ],
  'id-rename': (b, a) => [b!.id, a!.id],
  appears: (_, a) => [null, a!.title],
  disappears: (b) => [b!.title, null],
};

/** Every value a rule names that the review varies: flags, access ids, pension products. */
function variablesInRule(rule: Rule | undefined, into: Map<string, Variable>): void {
  if (!rule) return;
  const add = (v: Variable) => into.set(`${v.kind}:${v.id}`, v);
  if (rule.flag !== undefined) add({ kind: 'flag', id: rule.flag });
  if (rule.access !== undefined) add({ kind: 'access', id: rule.access });
  if (rule.pomProduct !== undefined) add({ kind: 'pom', id: rule.pomProduct });
  for (const child of [...(rule.all ?? []), ...(rule.any ?? []), ...(rule.not ? [rule.not] : [])])
    variablesInRule(child, into);
}

/** Flags the resolver reads in code that hide footer columns with their links (relevant-flags.ts). */
const FOOTER_CODE_FLAGS = Object.keys(CODE_VISIBILITY_FLAGS).filter((f) => CODE_VISIBILITY_FLAGS[f]!.part === 'footer');
const HEADER_CODE_FLAGS = Object.keys(CODE_VISIBILITY_FLAGS).filter((f) => CODE_VISIBILITY_FLAGS[f]!.part === 'header');

/** The list entries whose relative order with `pair`'s item is not the same in both versions. */
function swappedWith(pair: ItemPair, list: readonly ItemPair[]): ItemPair[] {
  const b = pair.before!.position;
  const a = pair.after!.position;
  return list.filter((q) => q !== pair && q.before && q.after && q.before.position < b !== q.after.position < a);
}

/**
 * The values that can change what this item does: its rules and its containers' (both versions), its own
 * entries' (a dropdown with no entry left hides its nav item), the code flags of its part, and for an order
 * change the same for the entries it changed places with. Flags first, so a persona without customer data
 * varies a prefix of them.
 */
function itemVariables(
  pair: ItemPair,
  kind: ChangeKind,
  pairs: readonly ItemPair[],
  children: ReadonlyMap<IndexedItem, IndexedItem[]>,
): Variable[] {
  const found = new Map<string, Variable>();
  const items = [pair.before?.item, pair.after?.item].filter((i): i is IndexedItem => i !== undefined);
  const shownBy = (item: IndexedItem) => {
    for (const rule of effectiveRules(item)) variablesInRule(rule, found);
    for (const child of children.get(item) ?? []) variablesInRule(child.rule, found);
  };
  items.forEach(shownBy);
  const item = items[0]!;
  const codeFlags =
    item.kind === 'footer-column' || item.kind === 'footer-link'
      ? FOOTER_CODE_FLAGS
      : partOf(item) === 'header'
        ? HEADER_CODE_FLAGS
        : [];
  for (const flag of codeFlags) found.set(`flag:${flag}`, { kind: 'flag', id: flag });
  // An entry it swapped with can hide by its own entries' rules too (a dropdown with none left).
  if (kind === 'order')
    for (const other of swappedWith(
      pair,
      pairs.filter((p) => p.list === pair.list),
    ))
      [other.before!.item, other.after!.item].forEach(shownBy);
  const all = [...found.values()];
  return [...all.filter((v) => v.kind === 'flag'), ...all.filter((v) => v.kind !== 'flag')];
}

/** The locales that can show an item of `document`: its own, every locale for markets, en's account menu wherever it is the fallback. */
function localesShowing(document: DocumentId, item: IndexedItem, sides: readonly Side[]): string[] {
  const all = [...new Set(sides.flatMap((s) => [...s.configs.keys()]))].sort();
  if (document === 'markets') return all;
  if (document === 'en' && item.kind === 'account')
    return all.filter(
      (id) =>
        id === 'en' ||
        sides.some((s) => {
          const c = s.configs.get(id);
          return c !== undefined && !c.accountMenu;
        }),
    );
  return all.includes(document) ? [document] : [];
}

/** Resolves one part for one audience, once per distinct context (changes in one locale share most of them). */
class ViewCache {
  private readonly views = new Map<string, PartView>();
  resolved = 0;

  view(
    side: Side,
    locale: string,
    page: MatrixPage,
    persona: MatrixPersona,
    part: ShellPart,
    flags: ReadonlySet<string>,
    access: ReadonlySet<AccessId>,
    pom: ReadonlySet<PomProduct>,
    now: Date,
  ): PartView {
    const shell = side.shells.get(locale);
    if (!shell) return {};
    const key = `${side.name}|${locale}|${page.id}|${persona.id}|${part}|${[...flags].sort().join()}|${[...access].sort().join()}|${[...pom].sort().join()}`;
    let view = this.views.get(key);
    if (view) return view;
    const ctx: ResolverContext = {
      ...baseContext(shell.config, page, persona, now),
      flags: new Set(flags),
      access: new Set(access),
      pomProducts: new Set(pom),
    };
    this.resolved++;
    if (part === 'header') {
      const model = resolveShellHeader(shell, ctx);
      const accountDocument = shell.config.accountMenu
        ? shell.config.locale
        : shell.fallback?.accountMenu
          ? shell.fallback.locale
          : undefined;
      view = { header: headerVisible(model), ...(accountDocument ? { accountDocument } : {}) };
    } else view = { footer: footerVisible(resolveShellFooter(shell, ctx)) };
    this.views.set(key, view);
    return view;
  }
}

/**
 * Whose access ids and pension products are varied: customers whose data has loaded, except those pending
 * activation, who hold no account or product yet (their access is the product types on offer, personas.ts).
 */
const variesAccess = (persona: MatrixPersona) =>
  hasCustomerData(persona) && !persona.facts.customer!.isPendingActivation;

/** The context values of one combination: bit i of `mask` turns variables[i] on. */
function combination(
  variables: readonly Variable[],
  mask: number,
  defaults: ReadonlySet<string>,
  persona: MatrixPersona,
) {
  const flags = new Set(defaults);
  const access = new Set(persona.facts.access);
  const pom = new Set(persona.facts.pomProducts);
  variables.forEach((v, bit) => {
    const on = (mask & (1 << bit)) !== 0;
    const set = (v.kind === 'flag' ? flags : v.kind === 'access' ? access : pom) as Set<string>;
    if (on) set.add(v.id);
    else set.delete(v.id);
  });
  return { flags, access, pom };
}

interface Seen {
  seen: boolean;
  effect?: 'shown' | 'hidden';
}

/** Whether an audience sees this kind of change, from where the item shows in the old and new version. */
function sees(
  kind: ChangeKind,
  pair: ItemPair,
  listBefore: readonly string[],
  listAfter: readonly string[],
  canonical: ReadonlyMap<string, string>,
): Seen {
  const b = pair.before ? listBefore.includes(pair.before.item.id) : false;
  const a = pair.after ? listAfter.includes(pair.after.item.id) : false;
  switch (kind) {
    case 'appears':
      return { seen: a };
    case 'disappears':
      return { seen: b };
    case 'rule':
      return b === a ? { seen: false } : { seen: true, effect: a ? 'shown' : 'hidden' };
    case 'order': {
      if (!a || !b) return { seen: false };
      // The entries shown on both sides before this one, old and new: a difference is a visible move.
      const keysB = listBefore.map((id) => canonical.get(`b:${id}`));
      const keysA = listAfter.map((id) => canonical.get(`a:${id}`));
      const common = new Set(keysB.filter((k) => k !== undefined && keysA.includes(k)));
      const self = canonical.get(`b:${pair.before!.item.id}`);
      const before = keysB.slice(0, keysB.indexOf(self)).filter((k) => common.has(k));
      const after = new Set(keysA.slice(0, keysA.indexOf(self)).filter((k) => common.has(k)));
      return { seen: before.length !== after.size || before.some((k) => !after.has(k)) };
    }
    default:
      return { seen: a || b };
  }
}

function prepareSides(
  input: ReviewInput,
): { before: Side; after: Side; excluded: ExcludedDocument[] } | { invalid: DocumentId; problems: Problem[] } {
  for (const m of input.members) {
    const draft = prepareDocument({ id: m.id, text: m.draftText });
    if (!draft.ok) return { invalid: m.id, problems: draft.problems };
  }
  const memberIds = new Set<string>(input.members.map((m) => m.id));
  const others = input.others.filter((d) => !memberIds.has(d.id));
  const before = prepareSet([
    ...others,
    ...input.members.flatMap((m) => (m.publishedText === null ? [] : [{ id: m.id, text: m.publishedText }])),
  ]);
  const after = prepareSet([...others, ...input.members.map((m) => ({ id: m.id, text: m.draftText }))]);
  const excluded = [
    ...before.excluded.map((e) => ({ ...e, reason: `published ${e.reason}` })),
    ...after.excluded.filter((e) => !before.excluded.some((b) => b.id === e.id)),
  ];
  return { before: makeSide('before', before), after: makeSide('after', after), excluded };
}

/** Top-level keys, other than the item-bearing ones, whose value differs between the two versions. */
function otherKeys(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object' || Array.isArray(before)) return [];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const ITEM_KEYS = new Set(['header', 'accountMenu', 'footer', 'markets']);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => !ITEM_KEYS.has(k) && JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .sort();
}

export function reviewChangeSet(input: ReviewInput): ChangeSetReview {
  const started = performance.now();
  const prepared = prepareSides(input);
  if ('invalid' in prepared) return { kind: 'invalid', document: prepared.invalid, problems: prepared.problems };
  const { before, after, excluded } = prepared;
  const now = input.now ?? new Date(0);
  const maxVariables = input.maxVariables ?? DEFAULT_MAX_VARIABLES;
  const cache = new ViewCache();
  let combinations = 0;
  const changes: ReviewChange[] = [];
  const otherChanges: { document: DocumentId; keys: string[] }[] = [];

  for (const member of input.members) {
    if (documentKind(member.id) === 'flags') continue;
    const b = memberValue(before, member.id);
    const a = memberValue(after, member.id);
    const pairs = pairItems(documentItems(b), documentItems(a));
    const children = childrenOf(pairs);
    if (documentKind(member.id) === 'locale') {
      const keys = otherKeys(b, a);
      if (keys.length > 0) otherChanges.push({ document: member.id, keys });
    }
    // Ids of a list's entries, per side, mapped to one key per matched pair (for order changes).
    const canonical = new Map<string, string>();
    pairs.forEach((p, i) => {
      if (p.before) canonical.set(`${p.list}|b:${p.before.item.id}`, String(i));
      if (p.after) canonical.set(`${p.list}|a:${p.after.item.id}`, String(i));
    });
    for (const pair of pairs) {
      for (const kind of pair.kinds) {
        const change = reviewOne(member.id, pair, kind, pairs, children, canonical, {
          before,
          after,
          cache,
          now,
          maxVariables,
        });
        combinations += change.combinations;
        changes.push(change.change);
      }
    }
  }
  const defaultsBefore = [...before.set.defaultFlags].sort();
  const defaultsAfter = [...after.set.defaultFlags].sort();
  return {
    kind: 'ready',
    changes,
    combinations,
    ms: performance.now() - started,
    personas: MATRIX_PERSONAS.map((p) => ({ id: p.id, label: p.label })),
    excluded,
    otherChanges,
    defaultFlags:
      defaultsBefore.join() === defaultsAfter.join() ? null : { before: defaultsBefore, after: defaultsAfter },
    drafts: input.members.map((m) => ({
      id: m.id,
      value: (prepareDocument({ id: m.id, text: m.draftText }) as { value: unknown }).value,
    })),
  };
}

/** Each container's entries, per version. */
function childrenOf(pairs: readonly ItemPair[]): Map<IndexedItem, IndexedItem[]> {
  const children = new Map<IndexedItem, IndexedItem[]>();
  for (const p of pairs)
    for (const item of [p.before?.item, p.after?.item]) {
      if (!item?.parent) continue;
      const list = children.get(item.parent);
      if (list) list.push(item);
      else children.set(item.parent, [item]);
    }
  return children;
}

interface ReviewContext {
  before: Side;
  after: Side;
  cache: ViewCache;
  now: Date;
  maxVariables: number;
}

function reviewOne(
  document: DocumentId,
  pair: ItemPair,
  kind: ChangeKind,
  pairs: readonly ItemPair[],
  children: ReadonlyMap<IndexedItem, IndexedItem[]>,
  canonical: ReadonlyMap<string, string>,
  { before, after, cache, now, maxVariables }: ReviewContext,
): { change: ReviewChange; combinations: number } {
  const shown = (pair.after ?? pair.before)!.item;
  const all = itemVariables(pair, kind, pairs, children);
  const variables = all.slice(0, maxVariables);
  const flagCount = variables.filter((v) => v.kind === 'flag').length;
  const part = partOf(shown);
  const idsOf = (side: 'before' | 'after') =>
    new Set(pairs.filter((p) => p.list === pair.list && p[side]).map((p) => p[side]!.item.id));
  const listIds = { before: idsOf('before'), after: idsOf('after') };
  const keyOf = new Map<string, string>();
  for (const id of listIds.before) keyOf.set(`b:${id}`, canonical.get(`${pair.list}|b:${id}`)!);
  for (const id of listIds.after) keyOf.set(`a:${id}`, canonical.get(`${pair.list}|a:${id}`)!);
  const log: CellLog[] = [];
  let example: ReviewScenario | null = null;
  let combinations = 0;
  for (const locale of localesShowing(document, shown, [before, after])) {
    const config = after.configs.get(locale) ?? before.configs.get(locale)!;
    for (const page of pagesFor(config)) {
      for (const persona of MATRIX_PERSONAS) {
        const personaVars = variesAccess(persona) ? variables : variables.slice(0, flagCount);
        for (let mask = 0; mask < 1 << personaVars.length; mask++) {
          combinations++;
          const cb = combination(personaVars, mask, before.set.defaultFlags, persona);
          const ca = combination(personaVars, mask, after.set.defaultFlags, persona);
          const vb = cache.view(before, locale, page, persona, part, cb.flags, cb.access, cb.pom, now);
          const va = cache.view(after, locale, page, persona, part, ca.flags, ca.access, ca.pom, now);
          const listB = pair.before ? visibleInList(vb, pair.before.item).filter((id) => listIds.before.has(id)) : [];
          const listA = pair.after ? visibleInList(va, pair.after.item).filter((id) => listIds.after.has(id)) : [];
          const seen = sees(kind, pair, listB, listA, keyOf);
          if (!seen.seen) continue;
          log.push({
            locale,
            persona: persona.id,
            page: page.id,
            mask,
            variables: personaVars,
            ...(seen.effect ? { effect: seen.effect } : {}),
          });
          example ??= {
            document,
            locale,
            persona: persona.id,
            page: page.page,
            ...(page.bankNavigation ? { bankNavigation: true as const } : {}),
            flags: [...ca.flags].sort(),
            ...(variesAccess(persona) ? { access: [...ca.access, ...ca.pom].sort() } : {}),
          };
        }
      }
    }
  }
  const [beforeValue, afterValue] = VALUES[kind](pair.before?.item, pair.after?.item);
  return {
    change: {
      kind,
      document,
      id: shown.id,
      title: shown.title,
      location: LOCATION_OF_KIND[shown.kind](shown),
      pointer: shown.pointer,
      before: beforeValue,
      after: afterValue,
      variables,
      truncated: all.slice(maxVariables),
      audiences: groupAudiences(
        log,
        MATRIX_PERSONAS.map((p) => p.id),
      ),
      example,
    },
    combinations,
  };
}
