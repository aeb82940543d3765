/**
 * Menu item types, read from the schema (locale-config.schema.json MenuItem.oneOf), so the form offers
 * exactly the types the validator accepts. Changing an item's type keeps the keys both types allow.
 */
import localeConfigSchema from '../../schemas/locale-config.schema.json';
import type { MenuItem } from '../../schemas/generated/config-types';

export type MenuItemType = MenuItem['type'];

interface ItemDefinition {
  required: readonly string[];
  properties: Record<string, unknown>;
}

const defs = localeConfigSchema.$defs as unknown as Record<
  string,
  ItemDefinition & { properties: { type?: { const?: string } } }
>;

const definitionByType = new Map<string, ItemDefinition>(
  localeConfigSchema.$defs.MenuItem.oneOf.map((branch) => {
    const def = defs[branch.$ref.split('/').pop()!]!;
    return [def.properties.type!.const!, def];
  }),
);

export const MENU_ITEM_TYPES = [...definitionByType.keys()] as MenuItemType[];

/** The keys an item of this type may carry, in schema order. */
export function itemKeys(type: string): string[] {
  return Object.keys(definitionByType.get(type)?.properties ?? {});
}

/** The item as another type: keys both allow are kept, missing required ones start empty (and show as problems). */
export function convertMenuItem(item: Record<string, unknown>, type: MenuItemType): Record<string, unknown> {
  const def = definitionByType.get(type);
  if (!def) throw new Error(`No menu item type "${type}" in the schema.`);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(def.properties)) {
    if (key === 'type') out.type = type;
    else if (item[key] !== undefined) out[key] = item[key];
    else if (def.required.includes(key)) out[key] = '';
  }
  return out;
}

/** A kebab-case id not used anywhere in the document (ids are unique per locale file). */
export function freeId(document: unknown, base: string): string {
  const used = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'id' || key === 'uid') && typeof value === 'string') used.add(value);
        else walk(value);
      }
    }
  };
  walk(document);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
