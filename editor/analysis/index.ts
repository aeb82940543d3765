/**
 * The audience matrix engine: which items each audience sees, and what is wrong with that (docs/lint-matrix.md).
 * Pure TypeScript on the resolver's public entry point: `npm run lint:matrix` and the editor's audience matrix both call it.
 */
export {
  analyzeAudience,
  type AudienceInput,
  type AudienceReport,
  type AudienceView,
  type AudienceCell,
  type LocaleMatrix,
  type VisibleItems,
} from './analyze-audience';
export {
  describeAudience,
  SEVERITY,
  type Audience,
  type AudienceProblem,
  type AudienceProblemCode,
  type Severity,
} from './problems';
export {
  MATRIX_PERSONAS,
  MATRIX_PERSONA_IDS,
  hasCustomerData,
  type MatrixPersona,
  type MatrixPersonaId,
} from './personas';
export { MATRIX_PAGES, pagesFor, isMarketLocale, type MatrixPage } from './pages';
export { documentFlags, scopeFlags, scopeFlagParts, CODE_VISIBILITY_FLAGS, type ScopeFlags } from './relevant-flags';
export { KNOWN_ROUTES, matchRoute, checkRoute, type KnownRoute } from './known-routes';
export { LABEL_BUDGETS, AVERAGE_ADVANCE_EM, actionBarBudget, type LabelLocation, type LabelBudget } from './labels';
export { REFERENCE_LOCALES, siblingsOf } from './siblings';
