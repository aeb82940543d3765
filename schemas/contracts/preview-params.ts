import accessSchema from '../access.schema.json';
import type { AccessId, PomProduct } from '../generated/config-types';
import { FAULT_ENDPOINTS, type FaultEndpoint } from './api-calls';
import { LOCALE_CONFIG_IDS } from '../validator/documents';
import { PAGE_KINDS, type PageKind } from './page-kinds';

/**
 * The /preview URL contract (docs/preview-url.md). Each parameter is declared once with its default,
 * the way Storybook declares globalTypes; parsing and serialising both read this table.
 */
export const PERSONAS = ['visitor', 'partner-visitor', 'customer', 'company', 'pending', 'no-customer-data'] as const;
export type Persona = (typeof PERSONAS)[number];

export const DATA_VARIANTS = [
  'maintenance',
  'balance-error',
  'missing-iban',
  'uk-missing-financial-info',
  'cdvc-expired',
  'switchable-accounts',
  'finance-knowledge-hidden',
  'restricted',
  'no-unread',
] as const;
export type DataVariant = (typeof DATA_VARIANTS)[number];

export type FaultKind = number | 'timeout' | 'malformed';
/** `fault=endpoint:kind`: the names come from the table of calls (schemas/contracts/api-calls.ts). */
export interface Fault {
  endpoint: FaultEndpoint;
  kind: FaultKind;
}

const defs = accessSchema.$defs;
/** Every access id a rule may name (docs/rules.md#product-access): product access flags, product types, deposit access, other. */
export const RULE_ACCESS_IDS: readonly AccessId[] = [
  ...defs.ProductAccessFlag.enum,
  ...defs.ProductType.enum,
  ...defs.DepositAccess.enum,
  ...defs.OtherAccess.enum,
] as AccessId[];
export const POM_PRODUCT_IDS: readonly PomProduct[] = defs.PomProduct.enum as PomProduct[];
/** What `access=` accepts: the rule access ids and the pension products. */
export const ACCESS_IDS: readonly string[] = [...RULE_ACCESS_IDS, ...POM_PRODUCT_IDS];

export interface PreviewScenario {
  /** As written in the URL; chooseConfig() decides what to load (login falls back to en-US). */
  locale: string;
  persona: Persona;
  page: PageKind;
  /** undefined: registry defaults apply. */
  flags?: string[];
  /** undefined: the persona's defaults apply; [] for access=none. */
  access?: string[];
  data: DataVariant[];
  /** Session length (idle timeout) in seconds. */
  session: number;
  /** Seconds until the mock access token expires. */
  token: number;
  /** Milliseconds added to every mocked call. */
  latency: number;
  faults: Fault[];
}

export const SCENARIO_DEFAULTS: PreviewScenario = {
  locale: 'de-DE',
  persona: 'visitor',
  page: 'home',
  data: [],
  session: 300,
  token: 1800,
  latency: 0,
  faults: [],
};

export interface ParamError {
  param: string;
  value: string;
  message: string;
  validValues?: readonly string[];
}

export interface ParseResult {
  scenario: PreviewScenario;
  errors: ParamError[];
  /** Unknown parameter names, dropped with a warning. */
  ignored: string[];
  /**
   * `share=<token>`: a share link's token (docs/workflow.md#sharing-a-preview). Not part of the scenario: it
   * says where the drafts come from, checked here for its form only; the service checks its signature.
   */
  share?: string;
}

/** A share token's form: base64url payload, a dot, base64url signature (server/workflow/share-links.ts signs them). */
export const SHARE_TOKEN_FORM = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Far above a real token (about 150 characters): anything longer is refused before it is decoded. */
export const MAX_SHARE_TOKEN_LENGTH = 512;

const KNOWN = [
  'locale',
  'persona',
  'page',
  'flags',
  'access',
  'data',
  'session',
  'token',
  'latency',
  'fault',
  'share',
] as const;

function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

function oneOf<T extends string>(
  param: string,
  value: string,
  valid: readonly T[],
  errors: ParamError[],
): T | undefined {
  if ((valid as readonly string[]).includes(value)) return value as T;
  errors.push({ param, value, message: `Unknown ${param} "${value}".`, validValues: valid });
  return undefined;
}

function integer(
  param: string,
  value: string,
  min: number,
  max: number,
  unit: string,
  errors: ParamError[],
): number | undefined {
  if (/^\d+$/.test(value)) {
    const n = Number(value);
    if (n >= min && n <= max) return n;
  }
  errors.push({
    param,
    value,
    message: `${param} must be a whole number of ${unit} from ${min} to ${max}, got "${value}".`,
  });
  return undefined;
}

function subset(
  param: string,
  value: string,
  valid: readonly string[],
  errors: ParamError[],
  allowNone: boolean,
): string[] | undefined {
  if (allowNone && value.trim() === 'none') return [];
  const items = list(value);
  const unknown = items.filter((v) => !valid.includes(v));
  if (unknown.length > 0) {
    errors.push({
      param,
      value,
      message: `Unknown ${param} value${unknown.length > 1 ? 's' : ''}: ${unknown.map((u) => `"${u}"`).join(', ')}.`,
      validValues: allowNone ? ['none', ...valid] : valid,
    });
    return undefined;
  }
  return [...new Set(items)];
}

function parseFaults(value: string, errors: ParamError[]): Fault[] | undefined {
  const faults: Fault[] = [];
  for (const entry of list(value)) {
    const [endpoint = '', kind = '', extra] = entry.split(':');
    if (extra !== undefined || !(FAULT_ENDPOINTS as readonly string[]).includes(endpoint)) {
      errors.push({
        param: 'fault',
        value: entry,
        message: `Unknown fault endpoint in "${entry}"; write endpoint:STATUS, endpoint:timeout or endpoint:malformed.`,
        validValues: FAULT_ENDPOINTS,
      });
      return undefined;
    }
    const earlier = faults.find((f) => f.endpoint === endpoint);
    if (earlier) {
      errors.push({
        param: 'fault',
        value,
        message: `The ${endpoint} endpoint has two faults ("${endpoint}:${earlier.kind}" and "${entry}"); give each endpoint one.`,
      });
      return undefined;
    }
    if (kind === 'timeout' || kind === 'malformed') faults.push({ endpoint: endpoint as FaultEndpoint, kind });
    else if (/^[1-5]\d\d$/.test(kind) && Number(kind) >= 200)
      faults.push({ endpoint: endpoint as FaultEndpoint, kind: Number(kind) });
    else {
      errors.push({
        param: 'fault',
        value: entry,
        message: `Fault "${entry}" needs an HTTP status 200–599, timeout or malformed after the colon.`,
      });
      return undefined;
    }
  }
  return faults;
}

/** Parses and validates every parameter; never throws. Invalid values keep the default and are reported. */
export function parsePreviewParams(search: string | URLSearchParams, flagIds: readonly string[]): ParseResult {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const errors: ParamError[] = [];
  const scenario: PreviewScenario = { ...SCENARIO_DEFAULTS, data: [], faults: [] };
  const ignored = [...new Set([...params.keys()].filter((k) => !(KNOWN as readonly string[]).includes(k)))];
  const get = (name: string) => params.get(name) ?? undefined;
  // A parameter given twice would otherwise quietly take its first value.
  for (const name of KNOWN) {
    const values = params.getAll(name);
    if (values.length > 1)
      errors.push({
        param: name,
        value: values.join(' and '),
        message: `${name} is given ${values.length} times (${values.map((v) => `"${v}"`).join(', ')}); give it once.`,
      });
  }

  const locale = get('locale');
  if (locale !== undefined) {
    // Whether a config exists for it is the route's question (an unknown locale on the login page falls back
    // to en-US, docs/rules.md#pages); a value that is no language tag at all would only fail later, deep in Intl.
    if (isLanguageTag(locale)) scenario.locale = locale;
    else
      errors.push({
        param: 'locale',
        value: locale,
        message: `locale must be a language tag such as de-DE, got "${locale}".`,
        validValues: LOCALE_CONFIG_IDS,
      });
  }
  const persona = get('persona');
  if (persona !== undefined) scenario.persona = oneOf('persona', persona, PERSONAS, errors) ?? scenario.persona;
  const page = get('page');
  if (page !== undefined) scenario.page = oneOf('page', page, PAGE_KINDS, errors) ?? scenario.page;
  const flags = get('flags');
  if (flags !== undefined) {
    const parsed = subset('flags', flags, flagIds, errors, true);
    if (parsed) scenario.flags = parsed;
  }
  const access = get('access');
  if (access !== undefined) {
    const parsed = subset('access', access, ACCESS_IDS, errors, true);
    if (parsed) scenario.access = parsed;
  }
  const data = get('data');
  if (data !== undefined)
    scenario.data = (subset('data', data, DATA_VARIANTS, errors, false) as DataVariant[] | undefined) ?? [];
  const session = get('session');
  if (session !== undefined)
    scenario.session = integer('session', session, 1, 86_400, 'seconds', errors) ?? scenario.session;
  const token = get('token');
  if (token !== undefined) scenario.token = integer('token', token, 1, 86_400, 'seconds', errors) ?? scenario.token;
  const latency = get('latency');
  if (latency !== undefined)
    scenario.latency = integer('latency', latency, 0, 30_000, 'milliseconds', errors) ?? scenario.latency;
  const fault = get('fault');
  if (fault !== undefined) scenario.faults = parseFaults(fault, errors) ?? [];
  const share = get('share');
  if (share !== undefined && (share.length > MAX_SHARE_TOKEN_LENGTH || !SHARE_TOKEN_FORM.test(share))) {
    errors.push({
      param: 'share',
      value: share.length > 60 ? `${share.slice(0, 60)}…` : share,
      message:
        'share must be the token of a share link, as the editor copied it (two base64url parts joined by a dot); the link may have been cut short.',
    });
  }
  return {
    scenario,
    errors,
    ignored,
    ...(share !== undefined && !errors.some((e) => e.param === 'share') ? { share } : {}),
  };
}

/**
 * The inverse of parsePreviewParams: only non-default values are written, in a stable order. A share link's
 * token (`extra.share`) comes first, so a link cut short in a mail loses scenario, not the token.
 */
export function serializePreviewParams(scenario: PreviewScenario, extra: { share?: string } = {}): string {
  const params = new URLSearchParams();
  if (extra.share !== undefined) params.set('share', extra.share);
  if (scenario.locale !== SCENARIO_DEFAULTS.locale) params.set('locale', scenario.locale);
  if (scenario.persona !== SCENARIO_DEFAULTS.persona) params.set('persona', scenario.persona);
  if (scenario.page !== SCENARIO_DEFAULTS.page) params.set('page', scenario.page);
  if (scenario.flags) params.set('flags', scenario.flags.length ? scenario.flags.join(',') : 'none');
  if (scenario.access) params.set('access', scenario.access.length ? scenario.access.join(',') : 'none');
  if (scenario.data.length) params.set('data', scenario.data.join(','));
  if (scenario.session !== SCENARIO_DEFAULTS.session) params.set('session', String(scenario.session));
  if (scenario.token !== SCENARIO_DEFAULTS.token) params.set('token', String(scenario.token));
  if (scenario.latency !== SCENARIO_DEFAULTS.latency) params.set('latency', String(scenario.latency));
  if (scenario.faults.length) params.set('fault', scenario.faults.map((f) => `${f.endpoint}:${f.kind}`).join(','));
  return params.toString();
}

export { LOCALE_CONFIG_IDS };
