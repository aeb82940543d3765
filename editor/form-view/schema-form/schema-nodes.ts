/**
 * The JSON Schemas as the generated form reads them: `$ref`s followed across the schema files (with the
 * locale registry's enums filled in, as the validator loads them), each node classified as one field kind,
 * labels from titles or property names, and the smallest valid-looking value for an Add button. Pure; no React.
 */
import accessSchema from '../../../schemas/access.schema.json';
import flagsSchema from '../../../schemas/flags.schema.json';
import localeConfigSchema from '../../../schemas/locale-config.schema.json';
import { commonSchema } from '../../../schemas/locale-registry';
import marketsSchema from '../../../schemas/markets.schema.json';
import type { DocumentKind } from '../../../schemas/validator';

export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: readonly unknown[];
  const?: unknown;
  anyOf?: readonly SchemaNode[];
  oneOf?: readonly SchemaNode[];
  properties?: Record<string, SchemaNode>;
  required?: readonly string[];
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  $defs?: Record<string, SchemaNode>;
}

/** A schema node with the file it belongs to (where its own `#/…` refs point) and the ref that led to it. */
export interface ResolvedSchema {
  node: SchemaNode;
  file: string;
  /** `common.schema.json#/$defs/Rule`: the last definition followed, so special widgets can be picked by it. */
  ref?: string;
}

const FILES: Record<string, SchemaNode> = {
  'locale-config.schema.json': localeConfigSchema as unknown as SchemaNode,
  'common.schema.json': commonSchema as unknown as SchemaNode,
  'access.schema.json': accessSchema as unknown as SchemaNode,
  'markets.schema.json': marketsSchema as unknown as SchemaNode,
  'flags.schema.json': flagsSchema as unknown as SchemaNode,
};

const ROOT_FILE: Record<DocumentKind, string> = {
  locale: 'locale-config.schema.json',
  markets: 'markets.schema.json',
  flags: 'flags.schema.json',
};

/** The definitions that have a hand-made widget instead of generated fields. */
export const RULE_REF = 'common.schema.json#/$defs/Rule';
export const MENU_ITEM_REF = 'locale-config.schema.json#/$defs/MenuItem';

function lookup(ref: string, file: string): ResolvedSchema {
  const [target = '', fragment = ''] = ref.split('#');
  const targetFile = target === '' ? file : target;
  const root = FILES[targetFile];
  if (!root)
    throw new Error(
      `Schema reference "${ref}" names a file the form does not load (${Object.keys(FILES).join(', ')}).`,
    );
  let node: unknown = root;
  for (const segment of fragment.split('/').filter(Boolean))
    node = (node as Record<string, unknown> | undefined)?.[segment];
  if (!node || typeof node !== 'object') throw new Error(`Schema reference "${ref}" in ${file} points at nothing.`);
  return { node: node as SchemaNode, file: targetFile, ref: `${targetFile}#${fragment}` };
}

/** Follows `$ref`s; a title or description beside a `$ref` wins over the target's (it is the more specific). */
export function resolveSchema(node: SchemaNode, file: string, ref?: string): ResolvedSchema {
  let current: ResolvedSchema = { node, file, ref };
  const own: Pick<SchemaNode, 'title' | 'description'> = {};
  for (let hops = 0; current.node.$ref !== undefined; hops++) {
    if (hops > 20) throw new Error(`Schema reference cycle at ${current.node.$ref}.`);
    own.title ??= current.node.title;
    own.description ??= current.node.description;
    current = lookup(current.node.$ref, current.file);
  }
  const title = own.title ?? current.node.title;
  const description = own.description ?? current.node.description;
  return {
    ...current,
    node: {
      ...current.node,
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
    },
  };
}

export function rootSchema(kind: DocumentKind): ResolvedSchema {
  const file = ROOT_FILE[kind];
  return resolveSchema(FILES[file]!, file);
}

/** The schema of `parent`'s child `key` (a property, a map entry or a list item), or undefined if none. */
export function childSchema(parent: ResolvedSchema, key: string): ResolvedSchema | undefined {
  const { node, file } = parent;
  const property = node.properties?.[key];
  if (property) return resolveSchema(property, file);
  if (node.items && /^\d+$/.test(key)) return resolveSchema(node.items, file);
  if (typeof node.additionalProperties === 'object') return resolveSchema(node.additionalProperties, file);
  return undefined;
}

/** The schema at a JSON path from a document kind's root. */
export function schemaAtPath(kind: DocumentKind, path: readonly string[]): ResolvedSchema | undefined {
  let current: ResolvedSchema | undefined = rootSchema(kind);
  for (const key of path) current = current && childSchema(current, key);
  return current;
}

/** Every kind of field the generated form draws; one renderer per kind (docs/architecture.md#kinds-from-a-map). */
export type FieldKind =
  | 'rule'
  | 'menuItem'
  | 'enum'
  | 'text'
  | 'number'
  | 'boolean'
  | 'object'
  | 'objectList'
  | 'valueList'
  | 'map'
  | 'unsupported';

const typeOf = (node: SchemaNode): string | undefined => (Array.isArray(node.type) ? node.type[0] : node.type);

/** The closed list of values a node allows (its enum, or an anyOf of enums such as AccessId), if any. */
export function enumValues(schema: ResolvedSchema): string[] | undefined {
  const { node, file } = schema;
  if (node.enum) return node.enum.map(String);
  if (node.anyOf) {
    const branches = node.anyOf.map((b) => enumValues(resolveSchema(b, file)));
    if (branches.every((b): b is string[] => b !== undefined)) return branches.flat();
  }
  return undefined;
}

export function fieldKind(schema: ResolvedSchema): FieldKind {
  if (schema.ref === RULE_REF) return 'rule';
  if (schema.ref === MENU_ITEM_REF) return 'menuItem';
  if (enumValues(schema)) return 'enum';
  const { node } = schema;
  switch (typeOf(node)) {
    case 'string':
      return 'text';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      if (node.properties) return 'object';
      return typeof node.additionalProperties === 'object' ? 'map' : 'unsupported';
    case 'array': {
      if (!node.items) return 'unsupported';
      const item = resolveSchema(node.items, schema.file);
      const itemKind = fieldKind(item);
      if (itemKind === 'object' || itemKind === 'menuItem') return 'objectList';
      return itemKind === 'text' || itemKind === 'enum' || itemKind === 'number' ? 'valueList' : 'unsupported';
    }
    default:
      return 'unsupported';
  }
}

const WORDS: Record<string, string> = { url: 'URL', id: 'id', seo: 'SEO', us: 'US' };

/** Every document's `$schema` key: the schema JSON editors read, which the form keeps as it is. */
export const SCHEMA_REFERENCE_LABEL = 'Schema reference (for JSON editors)';

/** `metaTitle` → "Meta title", `appStoreUrl` → "App store URL"; a schema title wins. */
export function labelFor(key: string, node?: SchemaNode): string {
  if (node?.title) return node.title;
  if (key === '$schema') return SCHEMA_REFERENCE_LABEL;
  const words = key
    .replace(/^\$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase());
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** What the form says about a value's limits, beside the schema's description: "1–70 characters." */
export function constraintText(node: SchemaNode): string | undefined {
  const parts: string[] = [];
  // The shared Label and Text limits (up to 200 or 300) hold for nearly every text: only a tighter one is news.
  if (node.maxLength !== undefined && node.maxLength < 200)
    parts.push(
      node.minLength ? `${node.minLength}–${node.maxLength} characters` : `up to ${node.maxLength} characters`,
    );
  if (node.minimum !== undefined && node.maximum !== undefined) parts.push(`from ${node.minimum} to ${node.maximum}`);
  else if (node.minimum !== undefined) parts.push(`at least ${node.minimum}`);
  if (node.format === 'email') parts.push('an e-mail address');
  if (parts.length === 0) return undefined;
  const text = parts.join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * The value an Add button creates: the schema's default, or an object with its required keys (each at its
 * own skeleton), an empty list, '' or 0. Empty required texts then show as problems to fill in.
 */
export function skeleton(schema: ResolvedSchema): unknown {
  const { node } = schema;
  if (node.default !== undefined && typeOf(node) !== 'array') return structuredClone(node.default);
  const values = enumValues(schema);
  if (values) return values[0];
  switch (typeOf(node)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of node.required ?? []) {
        const child = childSchema(schema, key);
        if (child) out[key] = skeleton(child);
      }
      return out;
    }
    case 'array':
      return [];
    case 'number':
    case 'integer':
      return node.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      return '';
  }
}

/** The text a list row shows for an item: its first naming property with a value. */
export function describeItem(item: Record<string, unknown>, index: number): string {
  for (const key of ['title', 'name', 'partnerName', 'heading', 'label', 'regflow', 'id']) {
    const value = item[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return `Item ${index + 1}`;
}
