/**
 * Helpers of the server-render specs (tests/ssr-*.spec.ts, docs/rendering.md). They live in mocks/visitor-pages.ts,
 * which the first-visit benchmark shares (bench/ may not import tests/, docs/architecture.md#boundaries).
 */
export { chromeLinks, LOCALES, portalUrl, VISITORS } from '../../mocks/visitor-pages';
