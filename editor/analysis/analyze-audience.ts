import type { FooterModel } from '../../runtime/resolver';
import type { LocaleConfig, MarketEntry } from '../../schemas/generated/config-types';
import type { DocumentId } from '../../schemas/validator/documents';
import { FOOTER_CHECKS, HEADER_CHECKS, type ViewPlace } from './audience-checks';
import { localeScope, localeViews, type AudienceCell, type ResolvedView } from './combinations';
import { documentProblems } from './document-checks';
import { indexConfig, indexMarkets, type IndexedItem } from './items';
import { MATRIX_PERSONAS, type MatrixPersona } from './personas';
import { ProblemLog } from './problem-log';
import type { Audience, AudienceProblem } from './problems';
import { documentFlags } from './relevant-flags';
import { Sightings } from './sightings';

export type { AudienceCell } from './combinations';
export type { VisibleItems } from './visible-items';

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

/**
 * The audience matrix: for every locale, persona and page, every combination of the flags that can change
 * what that view shows (combinations.ts), then the checks on each resolved view (audience-checks.ts) and on
 * the documents (document-checks.ts). Pure: plain data in, plain data out.
 */
export function analyzeAudience(input: AudienceInput): AudienceReport {
  const configs = new Map(input.configs.map((c) => [c.locale as string, c]));
  const locales = (input.locales ?? [...configs.keys()]).filter((id) => configs.has(id));
  const index = indexDocuments(configs, input.markets);
  const pointers = pointerIndex(index);
  const options = {
    markets: input.markets,
    defaults: input.defaultFlags ?? new Set<string>(),
    now: input.now ?? new Date(0),
    maxFlags: input.maxFlagsPerView ?? 12,
  };
  const log = new ProblemLog();
  const sightings = new Sightings();
  const truncated: AudienceProblem[] = [];
  const footerFindings = new WeakMap<FooterModel, AudienceProblem[]>();
  const matrices = locales.map((id): LocaleMatrix => {
    const scope = localeScope(configs.get(id)!, configs.get('en'), options);
    const views: AudienceView[] = [];
    for (const view of localeViews(scope, input.personas ?? MATRIX_PERSONAS)) {
      const place: ViewPlace = {
        config: scope.config,
        document: scope.config.locale as DocumentId,
        accountDocument: scope.accountDocument,
        page: view.page,
        persona: view.persona,
        pointerOf: pointers,
      };
      checkView(view, place, log, footerFindings);
      sightings.recordView(view, place.document, place.accountDocument);
      if (view.truncated) truncated.push(view.truncated);
      views.push({
        locale: scope.config.locale,
        persona: view.persona.id,
        page: view.page.id,
        flags: view.flags,
        cells: view.cells,
      });
    }
    return { locale: scope.config.locale, flags: documentFlags(scope.shell), views };
  });
  const problems = [
    ...log.problems,
    ...truncated,
    ...documentProblems({ configs, markets: input.markets, index, locales }, sightings),
  ].sort(errorsFirst);
  const errors = problems.filter((p) => p.severity === 'error').length;
  const combinations = matrices.reduce((sum, m) => sum + m.views.reduce((n, v) => n + v.cells.length, 0), 0);
  return { combinations, locales: matrices, problems, errors, warnings: problems.length - errors };
}

/**
 * Runs every check on each header and footer result of a view; a finding counts the cells that result stands for.
 * A footer result shared between views (combinations.ts) is checked once and its findings counted for each view.
 */
function checkView(
  view: ResolvedView,
  place: ViewPlace,
  log: ProblemLog,
  footerFindings: WeakMap<FooterModel, AudienceProblem[]>,
): void {
  const audience = (flagsOn: string[]): Audience => ({ persona: view.persona.id, page: view.page.id, flagsOn });
  for (const { model, flagsOn } of view.headers)
    for (const check of HEADER_CHECKS)
      for (const found of check(model, place)) log.add(found, audience(flagsOn), view.cellsPerHeader);
  for (const { model, flagsOn } of view.footers) {
    if (!model) continue;
    let findings = footerFindings.get(model);
    if (!findings) footerFindings.set(model, (findings = FOOTER_CHECKS.flatMap((check) => check(model, place))));
    for (const found of findings) log.add(found, audience(flagsOn), view.cellsPerFooter);
  }
}

function indexDocuments(
  configs: ReadonlyMap<string, LocaleConfig>,
  markets: readonly MarketEntry[],
): Map<string, IndexedItem[]> {
  const index = new Map<string, IndexedItem[]>();
  for (const config of configs.values()) index.set(config.locale, indexConfig(config));
  index.set('markets', indexMarkets(markets));
  return index;
}

/** Document and item id → the item's pointer. */
function pointerIndex(index: ReadonlyMap<string, IndexedItem[]>): ViewPlace['pointerOf'] {
  const pointerOf = new Map<string, string>();
  for (const items of index.values())
    for (const item of items) pointerOf.set(`${item.document} ${item.id}`, item.pointer);
  return (document, id) => pointerOf.get(`${document} ${id}`);
}

const errorsFirst = (a: AudienceProblem, b: AudienceProblem) =>
  a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1;
