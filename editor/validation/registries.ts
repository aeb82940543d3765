/**
 * The vocabularies both views offer when an editor writes a visibility rule: flag ids from the flags.json
 * document (the server draft, or the open draft when flags itself is open) and access ids from
 * schemas/access.schema.json. Plus the schema's other closed lists the form shows as pickers.
 */
import accessSchema from '../../schemas/access.schema.json';
import { CONFIG_IDS as REGISTRY_CONFIG_IDS, MARKET_LOCALE_IDS } from '../../schemas/locale-registry';
import localeConfigSchema from '../../schemas/locale-config.schema.json';

export interface FlagOption {
  id: string;
  description?: string;
  default?: boolean;
}

export interface Registry {
  flags: readonly FlagOption[];
}

export interface AccessGroup {
  label: string;
  ids: readonly string[];
}

const defs = accessSchema.$defs;

/** Every access id a rule may name, grouped as docs/rules.md#product-access lists them (the order of AccessId's anyOf). */
export const ACCESS_GROUPS: readonly AccessGroup[] = [
  { label: 'Product-access flags', ids: defs.ProductAccessFlag.enum },
  { label: 'Product types', ids: defs.ProductType.enum },
  { label: 'Deposit access', ids: defs.DepositAccess.enum },
  { label: 'Other access', ids: defs.OtherAccess.enum },
];
export const ACCESS_IDS: readonly string[] = ACCESS_GROUPS.flatMap((g) => g.ids);
export const POM_PRODUCTS: readonly string[] = defs.PomProduct.enum;
export const LOCALE_IDS: readonly string[] = MARKET_LOCALE_IDS;
export const CONFIG_IDS: readonly string[] = REGISTRY_CONFIG_IDS;
export const ICONS: readonly string[] = localeConfigSchema.$defs.Icon.enum;

/** The flag registry from a flags document (any shape: a broken draft gives the ids it still has). */
export function flagOptionsFrom(flagsDocument: unknown): FlagOption[] {
  const flags = (flagsDocument as { flags?: unknown } | undefined)?.flags;
  if (!Array.isArray(flags)) return [];
  const seen = new Set<string>();
  const out: FlagOption[] = [];
  for (const entry of flags as { id?: unknown; description?: unknown; default?: unknown }[]) {
    if (typeof entry?.id !== 'string' || entry.id === '' || seen.has(entry.id)) continue;
    seen.add(entry.id);
    out.push({
      id: entry.id,
      ...(typeof entry.description === 'string' ? { description: entry.description } : {}),
      ...(typeof entry.default === 'boolean' ? { default: entry.default } : {}),
    });
  }
  return out;
}
