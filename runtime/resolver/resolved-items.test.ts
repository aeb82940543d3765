/**
 * A resolved submenu item carries exactly what its type's schema allows (runtime/resolver/model.ts): the
 * schema's fields minus the rule and the href, plus a checked link, present whenever the schema requires an
 * href. Checked on every shipped config, for visitors and customers with every flag and access id, so each
 * item type the configs use is seen.
 */
import { describe, expect, it } from 'vitest';
import schema from '../../schemas/locale-config.schema.json';
import { CONFIG_IDS, FLAG_IDS } from './__fixtures__/configs';
import { ALL_ACCESS, loggedIn, visitor } from './__fixtures__/contexts';
import { navEntries, resolve } from './__fixtures__/shell';
import type { ResolvedMenuItem } from './model';

interface ItemSchema {
  required: string[];
  properties: Record<string, { const?: string }>;
}
const defs = schema.$defs as unknown as Record<string, ItemSchema>;
const itemSchemas = Object.values(defs).filter(
  (d): d is ItemSchema =>
    typeof d.properties?.type?.const === 'string' && 'title' in d.properties && 'id' in d.properties,
);
const byType = new Map(itemSchemas.map((d) => [d.properties.type!.const!, d]));

function allowedKeys(item: ResolvedMenuItem): { allowed: Set<string>; linkRequired: boolean } {
  const def = byType.get(item.type);
  if (!def) throw new Error(`no schema definition for item type ${item.type}`);
  const allowed = new Set(Object.keys(def.properties).filter((k) => k !== 'href' && k !== 'visibility'));
  if ('href' in def.properties) allowed.add('link');
  return { allowed, linkRequired: def.required.includes('href') };
}

describe('resolved submenu items, per type', () => {
  const items = CONFIG_IDS.flatMap((id) =>
    [visitor(id, { flags: FLAG_IDS }), loggedIn(id, { flags: FLAG_IDS, access: ALL_ACCESS })].flatMap((ctx) =>
      navEntries(resolve(ctx).header),
    ),
  );

  it('sees every item type the schema defines', () => {
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(byType.keys()));
  });

  it('carry only their own type’s fields, and a link whenever the schema requires an href', () => {
    for (const item of items) {
      const { allowed, linkRequired } = allowedKeys(item);
      expect(
        Object.keys(item).filter((k) => !allowed.has(k)),
        `${item.type} item ${item.id}`,
      ).toEqual([]);
      if (linkRequired) expect(item.link, `${item.type} item ${item.id}`).toBeDefined();
    }
  });
});
