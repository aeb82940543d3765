/**
 * The shipped configs, loaded the way the runtime receives them: validated by the one validator, with
 * schema defaults filled. A config that no longer validates fails every resolver test loudly.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type {
  FlagsDocument,
  LocaleConfig,
  LocaleId,
  MarketEntry,
  MarketsDocument,
} from '../../../schemas/generated/config-types';
import { MARKET_LOCALE_IDS } from '../../../schemas/locale-registry';
import {
  crossFileContext,
  formatProblem,
  LOCALE_CONFIG_IDS,
  validateDocument,
  type ConfigDocumentId,
  type DocumentId,
} from '../../../schemas/validator';

const CONFIG_DIR = fileURLToPath(new URL('../../../config/', import.meta.url));

/** The market locales of the registry (config/locales.json): the entries with a country. */
export const MARKET_LOCALES = MARKET_LOCALE_IDS as readonly LocaleId[];
/** Every config id of the registry: the market locales plus plain en (country selector, corporate, default English lists). */
export const CONFIG_IDS: readonly ConfigDocumentId[] = LOCALE_CONFIG_IDS;

function load<T>(id: DocumentId, context = {}): T {
  const file = `config/${id}.json`;
  const result = validateDocument({ id, file, text: readFileSync(`${CONFIG_DIR}${id}.json`, 'utf8') }, context);
  if (result.problems.length > 0)
    throw new Error(`${file} does not validate:\n${result.problems.map(formatProblem).join('\n')}`);
  return result.value as T;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export const FLAGS_DOCUMENT = deepFreeze(load<FlagsDocument>('flags'));
const context = crossFileContext([{ id: 'flags', value: FLAGS_DOCUMENT }], CONFIG_IDS);
export const MARKETS: readonly MarketEntry[] = deepFreeze(load<MarketsDocument>('markets', context).markets);

/** Every flag id of the registry. */
export const FLAG_IDS: readonly string[] = FLAGS_DOCUMENT.flags.map((f) => f.id);
/** The flags that are on when nothing is said (registry defaults). */
export const DEFAULT_FLAGS: ReadonlySet<string> = new Set(
  FLAGS_DOCUMENT.flags.filter((f) => f.default).map((f) => f.id),
);

const cache = new Map<ConfigDocumentId, LocaleConfig>();

/** A validated, default-filled, deep-frozen config: a resolver that mutates its input throws. */
export function loadConfig(id: ConfigDocumentId): LocaleConfig {
  let config = cache.get(id);
  if (!config) cache.set(id, (config = deepFreeze(load<LocaleConfig>(id, context))));
  return config;
}

/** A mutable copy for tests that need a config variant the shipped files do not have. */
export function editableConfig(id: ConfigDocumentId): LocaleConfig {
  return structuredClone(loadConfig(id));
}
