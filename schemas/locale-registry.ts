/**
 * The locale registry, config/locales.json: the one home of every locale fact (docs/architecture.md#locale-registry).
 * Code reads it here, at build time (a JSON import), so facts needed before any fetch (which configs exist, which
 * country or host names which locale) are known at start-up. Adding a locale is a config file plus an entry there
 * (docs/how-to.md#add-a-locale).
 */
import registry from '../config/locales.json';
import commonSchemaFile from './common.schema.json';
import type { ConfigId, LocaleEntry, LocaleRegistry } from './generated/config-types';

export type { LocaleEntry, LocaleRegistry };

/** Checked against schemas/locales.schema.json by locale-registry.test.ts (a JSON import types neither a non-empty list nor an absent optional field). */
export const LOCALE_REGISTRY = registry as unknown as LocaleRegistry;

/**
 * Every locale config id, in registry order: the market locales and the language-only configs. ConfigId is
 * generated from these ids (npm run gen:types), so the cast only names what the registry holds.
 */
export const CONFIG_IDS = LOCALE_REGISTRY.locales.map((entry) => entry.id) as readonly ConfigId[];

/** The market locales: the entries with a country (every id but the language-only en). */
export const MARKET_LOCALE_IDS: readonly string[] = LOCALE_REGISTRY.locales
  .filter((entry) => entry.country !== undefined)
  .map((entry) => entry.id);

/** The config the login and open-banking pages use for a locale the registry does not list. */
export const LOGIN_FALLBACK = LOCALE_REGISTRY.loginFallback as ConfigId;

/** The config whose account menu a locale without one borrows (docs/rules.md#account-menu). */
export const ACCOUNT_MENU_FALLBACK = LOCALE_REGISTRY.accountMenuFallback as ConfigId;

/** A locale's language: the id's first part (de-CH → de). Picks the fallback chrome's strings and names host endings. */
export function languageOf(id: string): string {
  return id.split('-')[0]!;
}

/** The registry entry of a config id (exact match), or undefined. */
export function localeEntry(id: string): LocaleEntry | undefined {
  return LOCALE_REGISTRY.locales.find((entry) => entry.id === id);
}

/**
 * common.schema.json with ConfigId and LocaleId closed to the registry's ids. Everything that loads the schemas
 * (the validator, the editor's JSON view and form, the type generator) takes this one, so a config naming an
 * unknown locale gets the same enum problem everywhere, and the id list is written only in config/locales.json.
 */
export const commonSchema = {
  ...commonSchemaFile,
  $defs: {
    ...commonSchemaFile.$defs,
    LocaleId: { ...commonSchemaFile.$defs.LocaleId, enum: [...MARKET_LOCALE_IDS] },
    ConfigId: { ...commonSchemaFile.$defs.ConfigId, enum: [...CONFIG_IDS] },
  },
};
