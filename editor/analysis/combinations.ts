/**
 * Enumerating the matrix: every page × persona view of a locale, and in each view every combination of the
 * flags that can change what it shows. The resolver does the resolving; nothing here decides visibility.
 */
import type { LocaleConfig, MarketEntry, Rule } from '../../schemas/generated/config-types';
import type { DocumentId } from '../../schemas/validator/documents';
import {
  PAGES,
  resolveShellFooter,
  resolveShellHeader,
  type FooterModel,
  type HeaderModel,
  type ResolverContext,
  type ShellInput,
} from '../../runtime/resolver';
import { pagesFor, type MatrixPage } from './pages';
import type { MatrixPersona } from './personas';
import { problem, type AudienceProblem } from './problems';
import { scopeFlagParts } from './relevant-flags';
import {
  footerVisible,
  headerVisible,
  type FooterVisible,
  type HeaderVisible,
  type VisibleItems,
} from './visible-items';

export interface AudienceCell {
  /** The view's relevant flags that are on in this cell. */
  flagsOn: string[];
  visible: VisibleItems;
}

export interface HeaderResult {
  flagsOn: string[];
  model: HeaderModel;
  visible: HeaderVisible;
}

export interface FooterResult {
  flagsOn: string[];
  /** undefined on a page without a footer. */
  model: FooterModel | undefined;
  visible: FooterVisible;
}

/** One persona on one page, resolved: header and footer once per combination of the flags their rules name. */
export interface ResolvedView {
  page: MatrixPage;
  persona: MatrixPersona;
  flags: string[];
  headers: HeaderResult[];
  footers: FooterResult[];
  /** How many matrix cells each header (footer) result stands for: the combinations of the other part's flags. */
  cellsPerHeader: number;
  cellsPerFooter: number;
  cells: AudienceCell[];
  /** The view had more flags than maxFlags: the extra ones kept their defaults. */
  truncated?: AudienceProblem;
}

/** What every view of one locale shares. */
export interface LocaleScope {
  config: LocaleConfig;
  shell: ShellInput;
  /** The document whose account menu the locale shows: its own, the en fallback's, or none. */
  accountDocument: DocumentId | undefined;
  /** Flags on by default; the flags that cannot change a view keep these values. */
  defaults: ReadonlySet<string>;
  now: Date;
  maxFlags: number;
  /** Whether any footer or market rule reads who is looking; if none does, personas share footer results. */
  footerReadsAudience: boolean;
  footerCache: Map<string, FooterResult[]>;
}

export interface ScopeOptions {
  markets: readonly MarketEntry[];
  defaults: ReadonlySet<string>;
  now: Date;
  maxFlags: number;
}

export function localeScope(
  config: LocaleConfig,
  fallback: LocaleConfig | undefined,
  options: ScopeOptions,
): LocaleScope {
  const accountConfig = config.accountMenu ? config : fallback?.accountMenu ? fallback : undefined;
  return {
    config,
    shell: { config, ...(fallback ? { fallback } : {}), markets: options.markets },
    accountDocument: accountConfig?.locale as DocumentId | undefined,
    defaults: options.defaults,
    now: options.now,
    maxFlags: options.maxFlags,
    footerReadsAudience: footerRules(config, options.markets).some(readsAudience),
    footerCache: new Map(),
  };
}

/** Every view of a locale, page by page, persona by persona (the order of the matrix and of its problems). */
export function* localeViews(scope: LocaleScope, personas: readonly MatrixPersona[]): Generator<ResolvedView> {
  for (const page of pagesFor(scope.config)) for (const persona of personas) yield resolveView(scope, page, persona);
}

function resolveView(scope: LocaleScope, page: MatrixPage, persona: MatrixPersona): ResolvedView {
  const base = baseContext(scope.config, page, persona, scope.now);
  const { flags, headerFlags, footerFlags, truncated } = viewFlags(scope, base, page, persona);
  const fixedOn = [...scope.defaults].filter((f) => !flags.includes(f));
  const withFlags = (on: readonly string[]): ResolverContext => ({ ...base, flags: new Set([...fixedOn, ...on]) });
  const headers = subsets(headerFlags).map((flagsOn): HeaderResult => {
    const model = resolveShellHeader(scope.shell, withFlags(flagsOn));
    return { flagsOn, model, visible: headerVisible(model) };
  });
  // The footer's rules rarely read who is looking, so its results are shared between personas (and pages)
  // whenever they cannot differ.
  const key = `${page.page === 'country-selector'}|${PAGES[page.page].hideFooter}|${scope.footerReadsAudience ? persona.id : ''}|${footerFlags.join()}`;
  let footers = scope.footerCache.get(key);
  if (!footers) {
    footers = subsets(footerFlags).map((flagsOn): FooterResult => {
      const model = resolveShellFooter(scope.shell, withFlags(flagsOn));
      return { flagsOn, model, visible: footerVisible(model) };
    });
    scope.footerCache.set(key, footers);
  }
  return {
    page,
    persona,
    flags,
    headers,
    footers,
    cellsPerHeader: 1 << (flags.length - headerFlags.length),
    cellsPerFooter: 1 << (flags.length - footerFlags.length),
    cells: cellsOf(flags, headerFlags, footerFlags, headers, footers),
    ...(truncated ? { truncated } : {}),
  };
}

/** The view's flags (at most maxFlags), split by the part of the shell whose rules name them. */
function viewFlags(scope: LocaleScope, base: ResolverContext, page: MatrixPage, persona: MatrixPersona) {
  const parts = scopeFlagParts(scope.shell, base);
  const all = [...new Set([...parts.header, ...parts.footer])].sort();
  const flags = all.slice(0, scope.maxFlags);
  const truncated =
    all.length > scope.maxFlags
      ? problem('matrix-truncated', {
          document: scope.config.locale as DocumentId,
          locale: scope.config.locale,
          pointer: '',
          message: `${all.length} flags can change what ${persona.id} sees on ${page.id}; only combinations of ${flags.join(', ')} were checked; ${all.slice(scope.maxFlags).join(', ')} kept their defaults`,
          hint: 'fewer flags per view keep the matrix complete; raise maxFlagsPerView if the time budget allows',
        })
      : undefined;
  return {
    flags,
    headerFlags: parts.header.filter((f) => flags.includes(f)),
    footerFlags: parts.footer.filter((f) => flags.includes(f)),
    truncated,
  };
}

/** The cells: every combination of the view's flags, as the pair of the header and footer results for its flags. */
function cellsOf(
  flags: readonly string[],
  headerFlags: readonly string[],
  footerFlags: readonly string[],
  headers: readonly HeaderResult[],
  footers: readonly FooterResult[],
): AudienceCell[] {
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
    cells.push({ flagsOn, visible: { ...headers[h]!.visible, ...footers[f]!.visible } });
  }
  return cells;
}

/** Every subset of `flags`, as the list of those on; index = bit mask over `flags`. */
const subsets = (flags: readonly string[]) =>
  Array.from({ length: 1 << flags.length }, (_, mask) => flags.filter((_, bit) => mask & (1 << bit)));

/** One persona on one page of a locale, every flag off: the context the matrix (and the publish review) varies. */
export function baseContext(
  config: LocaleConfig,
  page: MatrixPage,
  persona: MatrixPersona,
  now: Date,
): ResolverContext {
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
