import type { LocaleConfig, MarketEntry, Rule } from '../../schemas/generated/config-types';
import type { DocumentId } from '../../schemas/validator/documents';
import type { ResolverContext } from '../../runtime/resolver/context';
import type { FooterModel, HeaderModel, HeaderVariant, HiddenItem } from '../../runtime/resolver/model';
import { PAGES } from '../../runtime/resolver/pages';
import { resolveFooter } from '../../runtime/resolver/resolve-footer';
import { chooseHeader, resolveHeader } from '../../runtime/resolver/resolve-header';
import { HiddenLog } from '../../runtime/resolver/resolve-menu';
import type { ShellInput } from '../../runtime/resolver/resolve-shell';
import { evaluateRule, type RuleContext } from '../../runtime/resolver/rules';
import { indexConfig, indexMarkets, type IndexedItem } from './items';
import { checkLabelOverflow, checkUntranslated, englishReference } from './labels';
import { checkConfigLinks, checkMarketEntries } from './link-checks';
import { pagesFor, type MatrixPage } from './pages';
import { hasCustomerData, MATRIX_PERSONAS, type MatrixPersona } from './personas';
import { describeAudience, problem, type Audience, type AudienceProblem } from './problems';
import { documentFlags, scopeFlagParts } from './relevant-flags';
import { checkSibling, REFERENCE_LOCALES, siblingsOf } from './siblings';

export interface AudienceInput {
  /** The validated, default-filled locale configs, the en config included (its account menu is the fallback). */
  configs: readonly LocaleConfig[];
  markets: readonly MarketEntry[];
  /** Flags that are on by default (the registry's defaults). Flags that cannot change a view keep these values. */
  defaultFlags?: ReadonlySet<string>;
  personas?: readonly MatrixPersona[];
  /** Locales to build the matrix for (default: every config). Sibling and label checks still read every config. */
  locales?: readonly string[];
  /** The resolver's clock; only the footer's copyright year reads it. */
  now?: Date;
  /** A view with more relevant flags than this is cut to the first ones, with a warning (2^12 = 4096 cells). */
  maxFlagsPerView?: number;
}

/** What one audience sees: item ids per place. */
export interface VisibleItems {
  header: HeaderVariant;
  nav: string[];
  /** Nav item id → the ids of its dropdown's entries. */
  dropdowns: Record<string, string[]>;
  actions: string[];
  accountMenu: string[];
  /** Footer column id → the ids of its links. */
  footerColumns: Record<string, string[]>;
  legalLinks: string[];
  markets: string[];
}

export interface AudienceCell {
  /** The view's relevant flags that are on in this cell. */
  flagsOn: string[];
  visible: VisibleItems;
}

/** One persona on one page of one locale: every combination of the flags that can change what it shows. */
export interface AudienceView {
  locale: string;
  persona: string;
  page: string;
  flags: string[];
  cells: AudienceCell[];
}

export interface LocaleMatrix {
  locale: string;
  /** Every flag that can change visibility in this locale (the editor grid's flag columns). */
  flags: string[];
  views: AudienceView[];
}

export interface AudienceReport {
  /** Matrix cells resolved (locale × persona × page × flag combination). */
  combinations: number;
  locales: LocaleMatrix[];
  problems: AudienceProblem[];
  errors: number;
  warnings: number;
}

const SUBMENU_LISTS = ['top', 'main', 'sidebar', 'bottom'] as const;
const MAX_AUDIENCES_PER_PROBLEM = 12;

type HeaderVisible = Pick<VisibleItems, 'header' | 'nav' | 'dropdowns' | 'actions' | 'accountMenu'>;
type FooterVisible = Pick<VisibleItems, 'footerColumns' | 'legalLinks' | 'markets'>;
interface FooterResult {
  flagsOn: string[];
  visible: FooterVisible;
  emptyColumns: AudienceProblem[];
}
const NO_FOOTER_RESULT: FooterResult = { flagsOn: [], visible: { footerColumns: {}, legalLinks: [], markets: [] }, emptyColumns: [] };

function headerVisible(header: HeaderModel): HeaderVisible {
  const dropdowns: Record<string, string[]> = {};
  for (const nav of header.navItems) if (nav.subMenu) dropdowns[nav.id] = SUBMENU_LISTS.flatMap((list) => nav.subMenu![list].map((i) => i.id));
  return {
    header: header.variant,
    nav: header.navItems.map((n) => n.id),
    dropdowns,
    actions: header.actionItems.map((a) => a.id),
    accountMenu: header.customer?.accountMenu.items.map((i) => i.id) ?? [],
  };
}

function footerVisible(footer: FooterModel): FooterVisible {
  const footerColumns: Record<string, string[]> = {};
  for (const column of footer.columns) footerColumns[column.id] = column.links.map((l) => l.id);
  return { footerColumns, legalLinks: footer.legalLinks.map((l) => l.id), markets: footer.marketPicker?.markets.map((m) => m.id) ?? [] };
}

/**
 * Collects audience-dependent problems once per place, counting the cells that show them. The audiences
 * kept are the first cell of each persona × page that shows it, so the sample says who is affected.
 */
class ProblemLog {
  private readonly byKey = new Map<string, { problem: AudienceProblem; where: Set<string> }>();

  add(found: AudienceProblem, audience: Audience, cells: number): void {
    const key = `${found.code}|${found.document}|${found.pointer}|${found.locale ?? ''}`;
    const where = `${audience.persona}|${audience.page}`;
    const existing = this.byKey.get(key);
    if (!existing) {
      this.byKey.set(key, { problem: { ...found, occurrences: cells, audiences: [audience] }, where: new Set([where]) });
      return;
    }
    existing.problem.occurrences = (existing.problem.occurrences ?? 0) + cells;
    if (!existing.where.has(where) && existing.where.size < MAX_AUDIENCES_PER_PROBLEM) {
      existing.where.add(where);
      existing.problem.audiences!.push(audience);
    }
  }

  get problems(): AudienceProblem[] {
    return [...this.byKey.values()].map(({ problem: p }) => {
      const n = p.occurrences ?? 0;
      return { ...p, message: `${p.message} (${n} cell${n === 1 ? '' : 's'}, e.g. ${describeAudience(p.audiences![0]!)})` };
    });
  }
}

/** Which items were seen (per document), and the first reason the resolver gave for hiding the others. */
class Sightings {
  private readonly seen = new Map<string, Set<string>>();
  readonly reasons = new Map<string, Map<string, string>>();
  readonly renderedAccountMenus = new Set<string>();
  marketPickerRendered = false;

  see(document: string, ids: Iterable<string>): void {
    let set = this.seen.get(document);
    if (!set) this.seen.set(document, (set = new Set()));
    for (const id of ids) set.add(id);
  }

  has(document: string, id: string): boolean {
    return this.seen.get(document)?.has(id) ?? false;
  }

  noteHidden(hidden: readonly HiddenItem[], document: string, accountDocument: string | undefined): void {
    for (const h of hidden) {
      const doc = h.location === 'account menu' && accountDocument ? accountDocument : document;
      let map = this.reasons.get(doc);
      if (!map) this.reasons.set(doc, (map = new Map()));
      if (!map.has(h.id)) map.set(h.id, h.reason);
    }
  }

  reason(document: string, id: string): string | undefined {
    return this.reasons.get(document)?.get(id);
  }
}

const ruleContext = (ctx: ResolverContext, locale: string): RuleContext => ({ access: ctx.access, flags: ctx.flags, customer: ctx.customer, pomProducts: ctx.pomProducts, distributor: ctx.distributor, locale });

/** Every subset of `flags`, as the list of those on; index = bit mask over `flags`. */
const subsets = (flags: readonly string[]) => Array.from({ length: 1 << flags.length }, (_, mask) => flags.filter((_, bit) => mask & (1 << bit)));

/**
 * The audience matrix: for every locale, persona and page, every combination of the flags that can change
 * what that view shows. Header and footer are resolved with the resolver's own functions, each once per
 * combination of the flags its rules name (they read no other flag); a matrix cell is the pair of the header
 * and footer results for its flags. Pure: plain data in, plain data out.
 */
export function analyzeAudience(input: AudienceInput): AudienceReport {
  const configs = new Map(input.configs.map((c) => [c.locale as string, c]));
  const fallback = configs.get('en');
  const personas = input.personas ?? MATRIX_PERSONAS;
  const defaults = input.defaultFlags ?? new Set<string>();
  const now = input.now ?? new Date(0);
  const maxFlags = input.maxFlagsPerView ?? 12;
  const locales = (input.locales ?? [...configs.keys()]).filter((id) => configs.has(id));

  const index = new Map<string, IndexedItem[]>();
  for (const config of configs.values()) index.set(config.locale, indexConfig(config));
  index.set('markets', indexMarkets(input.markets));
  const pointerOf = new Map<string, string>();
  for (const items of index.values()) for (const item of items) pointerOf.set(`${item.document} ${item.id}`, item.pointer);

  const log = new ProblemLog();
  const sightings = new Sightings();
  const staticProblems: AudienceProblem[] = [];
  const matrices: LocaleMatrix[] = [];
  let combinations = 0;

  for (const localeId of locales) {
    const config = configs.get(localeId)!;
    const doc = config.locale as DocumentId;
    const shellInput: ShellInput = { config, ...(fallback ? { fallback } : {}), markets: input.markets };
    const accountDoc = (config.accountMenu ? config.locale : fallback?.accountMenu ? fallback.locale : undefined) as DocumentId | undefined;
    const at = { document: doc, locale: config.locale };
    const views: AudienceView[] = [];
    const footerCache = new Map<string, FooterResult[]>();
    const footerReadsAudience = footerRules(config, input.markets).some(readsAudience);
    for (const page of pagesFor(config)) {
      const pageOptions = PAGES[page.page];
      for (const persona of personas) {
        const base = baseContext(config, page, persona, now);
        const parts = scopeFlagParts(shellInput, base);
        let flags = [...new Set([...parts.header, ...parts.footer])].sort();
        if (flags.length > maxFlags) {
          staticProblems.push(
            problem('matrix-truncated', {
              ...at,
              pointer: '',
              message: `${flags.length} flags can change what ${persona.id} sees on ${page.id}; only combinations of ${flags.slice(0, maxFlags).join(', ')} were checked; ${flags.slice(maxFlags).join(', ')} kept their defaults`,
              hint: 'fewer flags per view keep the matrix complete; raise maxFlagsPerView if the time budget allows',
            }),
          );
          flags = flags.slice(0, maxFlags);
        }
        const headerFlags = parts.header.filter((f) => flags.includes(f));
        const footerFlags = pageOptions.hideFooter ? [] : parts.footer.filter((f) => flags.includes(f));
        const fixedOn = [...defaults].filter((f) => !flags.includes(f));
        const withFlags = (on: readonly string[]): ResolverContext => ({ ...base, flags: new Set([...fixedOn, ...on]) });
        const cellsPerHeader = 1 << (flags.length - headerFlags.length);
        const cellsPerFooter = 1 << (flags.length - footerFlags.length);

        // Header: once per combination of its flags.
        const choice = chooseHeader(config, base);
        const showNavigation = !pageOptions.hideNavigation && choice.variant !== 'partner' && choice.variant !== 'integrated';
        const dropdownNavs = showNavigation ? (choice.menu?.navItems ?? []).filter((n) => n?.subMenus) : [];
        const headers = subsets(headerFlags).map((flagsOn, mask): HeaderVisible => {
          const ctx = withFlags(flagsOn);
          const ruleCtx = ruleContext(ctx, config.locale);
          const model = resolveHeader(config, fallback, ctx, new HiddenLog(ruleCtx));
          const visible = headerVisible(model);
          const audience: Audience = { persona: persona.id, page: page.id, flagsOn };
          sightings.see(doc, visible.nav);
          for (const ids of Object.values(visible.dropdowns)) sightings.see(doc, ids);
          sightings.see(doc, visible.actions);
          if (model.customer && accountDoc) {
            sightings.renderedAccountMenus.add(accountDoc);
            sightings.see(accountDoc, visible.accountMenu);
          }
          if (mask === 0) sightings.noteHidden(model.hidden, doc, accountDoc);

          if (hasCustomerData(persona) && model.variant === 'private' && !pageOptions.hideNavigation && model.navItems.length === 0)
            log.add(
              problem('empty-header', {
                ...at,
                pointer: config.header.private ? '/header/private' : '/header',
                message: config.header.private ? 'the logged-in header has no navigation items' : 'there is no private header: logged-in customers get the logo only',
                hint: config.header.private ? 'check the rules of header.private.navItems: at least one entry must be visible to every customer' : 'add header.private with the logged-in menus (copy a sibling locale)',
              }),
              audience,
              cellsPerHeader,
            );
          for (const nav of dropdownNavs) {
            if ((nav.visibility && !evaluateRule(nav.visibility, ruleCtx)) || visible.dropdowns[nav.id]) continue;
            log.add(
              problem('empty-dropdown', {
                ...at,
                pointer: pointerOf.get(`${doc} ${nav.id}`) ?? '/header',
                message: `the dropdown "${nav.title}" is left without a link after filtering, so it is dropped`,
                hint: 'give the nav item a rule that hides it together with its entries, or keep one entry visible for this audience',
              }),
              audience,
              cellsPerHeader,
            );
          }
          if (model.customer && model.customer.accountMenu.items.length === 0)
            log.add(
              problem('empty-dropdown', {
                document: accountDoc ?? doc,
                locale: config.locale,
                pointer: '/accountMenu',
                message: accountDoc ? 'the account menu is left empty after filtering' : 'there is no account menu (neither this locale nor en has one)',
                hint: 'every customer needs at least the messages, documents and account-access entries',
              }),
              audience,
              cellsPerHeader,
            );
          return visible;
        });

        // Footer: once per combination of its flags (none when the page hides it). Its rules rarely read who is
        // looking, so results are shared between personas (and pages) whenever they cannot differ.
        const footerKey = `${page.page === 'country-selector'}|${footerReadsAudience ? persona.id : ''}|${footerFlags.join()}`;
        let footers = pageOptions.hideFooter ? [NO_FOOTER_RESULT] : footerCache.get(footerKey);
        if (!footers) {
          footers = subsets(footerFlags).map((flagsOn, mask): FooterResult => {
            const ctx = withFlags(flagsOn);
            const ruleCtx = ruleContext(ctx, config.locale);
            const model = resolveFooter(config, input.markets, ctx, ruleCtx, new HiddenLog(ruleCtx));
            const visible = footerVisible(model);
            for (const [column, ids] of Object.entries(visible.footerColumns)) sightings.see(doc, [column, ...ids]);
            sightings.see(doc, visible.legalLinks);
            sightings.see('markets', visible.markets);
            if (model.marketPicker) sightings.marketPickerRendered = true;
            if (mask === 0) sightings.noteHidden(model.hidden, doc, undefined);
            const emptyColumns: AudienceProblem[] = [];
            if (!model.columnsHidden)
              config.footer.columns.forEach((column, i) => {
                if (!column || (column.visibility && !evaluateRule(column.visibility, ruleCtx)) || visible.footerColumns[column.id]) return;
                emptyColumns.push(
                  problem('empty-dropdown', {
                    ...at,
                    pointer: `/footer/columns/${i}`,
                    message: `the footer column "${column.heading}" (an accordion on phones) is left without links after filtering, so it is dropped`,
                    hint: 'give the column a rule that hides it together with its links, or keep one link visible for this audience',
                  }),
                );
              });
            return { flagsOn, visible, emptyColumns };
          });
          footerCache.set(footerKey, footers);
        }
        for (const footer of footers) for (const found of footer.emptyColumns) log.add(found, { persona: persona.id, page: page.id, flagsOn: footer.flagsOn }, cellsPerFooter);

        // The cells: every combination of the view's flags, as the pair of header and footer results.
        const headerBit = flags.map((f) => headerFlags.indexOf(f));
        const footerBit = flags.map((f) => footerFlags.indexOf(f));
        const cells: AudienceCell[] = [];
        for (let mask = 0; mask < 1 << flags.length; mask++) {
          let h = 0;
          let f = 0;
          const flagsOn: string[] = [];
          for (let bit = 0; bit < flags.length; bit++) {
            if (!(mask & (1 << bit))) continue;
            flagsOn.push(flags[bit]!);
            if (headerBit[bit]! >= 0) h |= 1 << headerBit[bit]!;
            if (footerBit[bit]! >= 0) f |= 1 << footerBit[bit]!;
          }
          cells.push({ flagsOn, visible: { ...headers[h]!, ...footers[f]!.visible } });
        }
        combinations += cells.length;
        views.push({ locale: config.locale, persona: persona.id, page: page.id, flags, cells });
      }
    }
    matrices.push({ locale: config.locale, flags: documentFlags(shellInput), views });
  }

  // Checks on the documents themselves.
  for (const localeId of locales) {
    const config = configs.get(localeId)!;
    staticProblems.push(...checkConfigLinks(config), ...checkLabelOverflow(index.get(localeId)!));
  }
  if (locales.length > 0) staticProblems.push(...checkMarketEntries(input.markets, configs));
  staticProblems.push(...unseenItems(locales, index, sightings));
  staticProblems.push(...siblingProblems(configs, index, locales));
  staticProblems.push(...untranslatedProblems(configs, index, locales));

  const problems = [...log.problems, ...staticProblems].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  const errors = problems.filter((p) => p.severity === 'error').length;
  return { combinations, locales: matrices, problems, errors, warnings: problems.length - errors };
}

/** Every visibility rule of the footer and the market list. */
function footerRules(config: LocaleConfig, markets: readonly MarketEntry[]): Rule[] {
  const rules: (Rule | undefined)[] = [];
  for (const column of config.footer.columns) {
    rules.push(column?.visibility);
    for (const link of column?.links ?? []) rules.push(link?.visibility);
  }
  for (const link of config.footer.legalLinks) rules.push(link?.visibility);
  for (const market of markets) rules.push(market.visibility);
  return rules.filter((r): r is Rule => r !== undefined);
}

/** Whether a rule reads anything about the audience (its access, customer, products or distributor), not only flags and locale. */
export function readsAudience(rule: Rule): boolean {
  if (rule.flag !== undefined || rule.locale !== undefined) return false;
  if (rule.all) return rule.all.some(readsAudience);
  if (rule.any) return rule.any.some(readsAudience);
  if (rule.not) return readsAudience(rule.not);
  return true;
}

function baseContext(config: LocaleConfig, page: MatrixPage, persona: MatrixPersona, now: Date): ResolverContext {
  return {
    locale: config.locale,
    page: page.page,
    ...persona.facts,
    flags: new Set(),
    currentPath: `${config.basePath}${PAGES[page.page].path}`,
    now,
    ...(page.bankNavigation ? { bankNavigation: true } : {}),
  };
}

function unseenItems(locales: readonly string[], index: ReadonlyMap<string, IndexedItem[]>, sightings: Sightings): AudienceProblem[] {
  const candidates: IndexedItem[] = [];
  const analysed = new Set(locales);
  for (const [doc, items] of index) {
    if (doc === 'markets') {
      if (sightings.marketPickerRendered) candidates.push(...items);
      continue;
    }
    // An account menu is judged only where it is shown: plain en's is the fallback of locales without one.
    for (const item of items) if (item.kind === 'account' ? sightings.renderedAccountMenus.has(doc) : analysed.has(doc)) candidates.push(item);
  }
  const out: AudienceProblem[] = [];
  for (const item of candidates) {
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

/** The items a locale shows: its own, with the en account menu when it has none. */
function shownItems(config: LocaleConfig, index: ReadonlyMap<string, IndexedItem[]>): IndexedItem[] {
  const own = index.get(config.locale) ?? [];
  if (config.accountMenu) return own;
  return [...own, ...(index.get('en') ?? []).filter((i) => i.kind === 'account')];
}

function siblingProblems(configs: ReadonlyMap<string, LocaleConfig>, index: ReadonlyMap<string, IndexedItem[]>, locales: readonly string[]): AudienceProblem[] {
  const out: AudienceProblem[] = [];
  for (const reference of Object.values(REFERENCE_LOCALES)) {
    const ref = configs.get(reference);
    if (!ref) continue;
    for (const sibling of siblingsOf(reference, configs.keys())) {
      if (!locales.includes(sibling) && !locales.includes(reference)) continue;
      out.push(...checkSibling(reference, shownItems(ref, index), sibling, shownItems(configs.get(sibling)!, index)));
    }
  }
  return out;
}

function untranslatedProblems(configs: ReadonlyMap<string, LocaleConfig>, index: ReadonlyMap<string, IndexedItem[]>, locales: readonly string[]): AudienceProblem[] {
  const reference = configs.get(REFERENCE_LOCALES.en!) ?? configs.get('en');
  if (!reference) return [];
  const english = englishReference(index.get(reference.locale) ?? [], reference.locale === 'en' ? [] : (index.get('en') ?? []), reference);
  return locales.flatMap((id) => checkUntranslated(configs.get(id)!, index.get(id) ?? [], english));
}
