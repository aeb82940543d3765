/**
 * The attributes of <portal-header> and <portal-footer>, read once where they enter (docs/architecture.md#check-where-data-enters).
 * A bad value is reported with the attribute's name and what it accepts, and the attribute is treated as absent
 * (or, for locale, nothing renders) instead of guessed at (docs/embedding.md#custom-elements).
 */
import { MANIFEST_FILE, PAGE_KINDS, PUBLISHED_PATH, type PageKind } from '../../schemas/contracts';
import { LOCALE_CONFIG_IDS, type ConfigDocumentId } from '../../schemas/validator/documents';

/** Every attribute the elements read; changing one re-renders the element. */
export const ELEMENT_ATTRIBUTES = ['locale', 'page', 'manifest', 'api-base', 'flags'] as const;
export type ElementAttribute = (typeof ELEMENT_ATTRIBUTES)[number];

export interface ElementSettings {
  locale: ConfigDocumentId;
  page: PageKind;
  /** Absolute URL of the published manifest. */
  manifestUrl: string;
  /** Absolute URL the customer APIs are called on; absent: the runtime's default for the environment. */
  apiBase?: string;
  /** The flags that are on; absent: the flag registry's defaults. */
  flags?: readonly string[];
}

export interface AttributeProblem {
  attribute: ElementAttribute;
  value: string;
  /** What the attribute accepts, said so that the host page's author can fix it. */
  allowed: string;
}

export type AttributeReading =
  { settings: ElementSettings; problems: AttributeProblem[] } | { settings: undefined; problems: AttributeProblem[] };

const BY_LOWERCASE = new Map(LOCALE_CONFIG_IDS.map((id) => [id.toLowerCase(), id]));
const DEFAULT_PAGE: PageKind = 'home';
/** A flag id as the flag registry (config/flags.json) writes them: letters and digits, starting with a letter. */
const FLAG_ID = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * Reads the attributes (`get` is the element's getAttribute) against `baseUrl`, the page's URL that relative
 * URLs are resolved against. Without a usable locale there is nothing to render: settings is undefined.
 */
export function readElementAttributes(
  get: (name: ElementAttribute) => string | null,
  baseUrl: string,
): AttributeReading {
  const problems: AttributeProblem[] = [];
  const problem = (attribute: ElementAttribute, value: string, allowed: string) =>
    problems.push({ attribute, value, allowed });

  const localeValue = get('locale');
  const locale = localeValue === null ? undefined : BY_LOWERCASE.get(localeValue.trim().toLowerCase());
  if (!locale) problem('locale', localeValue ?? '', `one of ${LOCALE_CONFIG_IDS.join(', ')} (required)`);

  const pageValue = get('page');
  const page = pageValue === null ? DEFAULT_PAGE : PAGE_KINDS.find((kind) => kind === pageValue.trim());
  if (!page) problem('page', pageValue ?? '', `one of ${PAGE_KINDS.join(', ')} (default ${DEFAULT_PAGE})`);

  const defaultManifest = new URL(`${PUBLISHED_PATH}${MANIFEST_FILE}`, baseUrl).href;
  const manifestValue = get('manifest');
  let manifestUrl = defaultManifest;
  if (manifestValue !== null) {
    const url = httpUrl(manifestValue, baseUrl);
    if (url) manifestUrl = url;
    else
      problem(
        'manifest',
        manifestValue,
        `an http(s) URL of the published manifest, absolute or relative to the page (default ${PUBLISHED_PATH}${MANIFEST_FILE})`,
      );
  }

  const apiBaseValue = get('api-base');
  let apiBase: string | undefined;
  if (apiBaseValue !== null) {
    apiBase = httpUrl(apiBaseValue, baseUrl);
    if (!apiBase)
      problem('api-base', apiBaseValue, 'an http(s) URL the customer APIs answer on, absolute or relative to the page');
  }

  const flagsValue = get('flags');
  let flags: string[] | undefined;
  if (flagsValue !== null) {
    flags = parseFlagList(flagsValue);
    if (!flags)
      problem(
        'flags',
        flagsValue,
        'a comma-separated list of flag ids (letters and digits, e.g. "newDashboard,accountSwitch"); empty turns every flag off',
      );
  }

  if (!locale) return { settings: undefined, problems };
  const settings: ElementSettings = {
    locale,
    page: page ?? DEFAULT_PAGE,
    manifestUrl,
    ...(apiBase ? { apiBase } : {}),
    ...(flags ? { flags } : {}),
  };
  return { settings, problems };
}

/** `"a, b,c"` → ['a', 'b', 'c']; '' → []; undefined when an entry is not a flag id. Duplicates are dropped. */
export function parseFlagList(value: string): string[] | undefined {
  const ids = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return ids.every((id) => FLAG_ID.test(id)) ? [...new Set(ids)] : undefined;
}

function httpUrl(value: string, baseUrl: string): string | undefined {
  try {
    const url = new URL(value.trim(), baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The console message for one problem: which element and attribute, the value, and what to write instead. */
export function describeProblem(tagName: string, { attribute, value, allowed }: AttributeProblem): string {
  return `<${tagName.toLowerCase()}>: ${attribute}=${JSON.stringify(value)} is not valid; use ${allowed}.`;
}
