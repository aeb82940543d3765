/**
 * The document page's URL carries the whole preview scenario, so a link shows another person the same
 * combination: /documents/:id?locale=&persona=&page=&flags=&access=&data=&latency=&fault=&viewport=.
 * Every scenario parameter is the /preview contract's own (schemas/contracts/preview-params.ts parses and
 * writes them); the editor adds only `viewport`. Parameters it does not know belong to other parts of the
 * page and are left as they are.
 */
import {
  parsePreviewParams,
  SCENARIO_DEFAULTS,
  serializePreviewParams,
  type ParamError,
  type PreviewScenario,
} from '../../schemas/contracts/preview-params';
import { isDocumentId, documentKind } from '../../schemas/validator/documents';

export const VIEWPORT_PRESETS = [375, 768, 1280] as const;
export const VIEWPORT_MIN = 320;
export const VIEWPORT_MAX = 2560;
export const DEFAULT_VIEWPORT = 1280;

export interface PreviewUrlState {
  scenario: PreviewScenario;
  /** The iframe's width in CSS pixels. */
  viewport: number;
}

export interface PreviewUrlParse {
  state: PreviewUrlState;
  /** Bad values: each keeps its default and is named here with the value given and the valid ones. */
  errors: ParamError[];
}

/** The locale a document's preview starts with: its own for a locale config, else the contract's default. */
export function documentLocale(documentId: string): string {
  return isDocumentId(documentId) && documentKind(documentId) === 'locale' ? documentId : SCENARIO_DEFAULTS.locale;
}

function parseViewport(value: string, errors: ParamError[]): number | undefined {
  if (/^\d+$/.test(value) && Number(value) >= VIEWPORT_MIN && Number(value) <= VIEWPORT_MAX) return Number(value);
  errors.push({
    param: 'viewport',
    value,
    message: `viewport must be a whole number of pixels from ${VIEWPORT_MIN} to ${VIEWPORT_MAX}, got "${value}".`,
    validValues: [...VIEWPORT_PRESETS.map(String), `${VIEWPORT_MIN}–${VIEWPORT_MAX}`],
  });
  return undefined;
}

/** The page's query → scenario and viewport; never throws, bad values keep their defaults and are reported. */
export function parsePreviewUrl(
  search: string | URLSearchParams,
  documentId: string,
  flagIds: readonly string[],
): PreviewUrlParse {
  const params = new URLSearchParams(search);
  const errors: ParamError[] = [];
  const viewportParam = params.get('viewport');
  params.delete('viewport');
  if (!params.has('locale')) params.set('locale', documentLocale(documentId));
  const parsed = parsePreviewParams(params, flagIds);
  errors.push(...parsed.errors);
  const viewport =
    viewportParam === null ? DEFAULT_VIEWPORT : (parseViewport(viewportParam, errors) ?? DEFAULT_VIEWPORT);
  return { state: { scenario: parsed.scenario, viewport }, errors };
}

/** The scenario in the /preview contract, the locale first and always, so a link names its document. */
function scenarioParams(scenario: PreviewScenario): URLSearchParams {
  const params = new URLSearchParams([['locale', scenario.locale]]);
  for (const [key, value] of new URLSearchParams(serializePreviewParams(scenario)))
    if (key !== 'locale') params.append(key, value);
  return params;
}

/**
 * Writes the state back into `current` (the page's query): the scenario, then the viewport unless 1280.
 * Parameters that are not the preview's (`parsePreviewParams` ignores them) are kept.
 */
export function serializePreviewUrl(state: PreviewUrlState, current: string | URLSearchParams = ''): URLSearchParams {
  const others = new URLSearchParams(current);
  const foreign = new Set(parsePreviewParams(others, []).ignored);
  foreign.delete('viewport');
  const next = scenarioParams(state.scenario);
  if (state.viewport !== DEFAULT_VIEWPORT) next.set('viewport', String(state.viewport));
  for (const [key, value] of others) if (foreign.has(key)) next.append(key, value);
  return next;
}

/** The iframe's URL: the /preview contract plus source=editor, so the preview takes drafts over postMessage. */
export function previewFrameSrc(scenario: PreviewScenario): string {
  return `/preview?${scenarioParams(scenario).toString()}&source=editor`;
}

/** The same scenario as a /preview link of the published configs, outside the editor. */
export function publishedPreviewHref(scenario: PreviewScenario): string {
  return `/preview?${scenarioParams(scenario).toString()}`;
}
