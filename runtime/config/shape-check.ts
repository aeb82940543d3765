/**
 * Checks a published document's shape before the shell renders it: the generated shape schema
 * (schemas/generated/shape-schema.json, derived from schemas/ by scripts/shape-schema.ts) read by a small
 * interpreter of the keywords that schema keeps. A wrong shape (`{}`, `footer: null`) then gives the
 * fallback chrome with a message naming the pointer, instead of a TypeError deep in the resolver.
 *
 * Why not Ajv here: its standalone code for these schemas is 13–18 KB gzip, the whole of the customer
 * bundle's headroom; the shape schema and this reader are 3.6 KB. The full validator still runs in
 * development (get-published-config.ts) and at publish time. runtime/config/shape-check.test.ts checks that
 * this reader and Ajv agree on the shape schema.
 */
import shapeSchema from '../../schemas/generated/shape-schema.json';
import type { DocumentKind } from '../../schemas/validator/documents';

interface ShapeNode {
  type?: string;
  required?: readonly string[];
  enum?: readonly unknown[];
  const?: unknown;
  minItems?: number;
  discriminator?: { propertyName: string };
  $ref?: string;
  items?: ShapeNode;
  additionalProperties?: ShapeNode;
  properties?: Record<string, ShapeNode>;
  oneOf?: readonly ShapeNode[];
  anyOf?: readonly ShapeNode[];
}

interface ShapeSchemaFile {
  roots: Record<DocumentKind, string>;
  $defs: Record<string, ShapeNode>;
}

/** The first thing wrong with a document's shape, in the validator's words (`/footer must be object`). */
export interface ShapeProblem {
  /** JSON pointer into the document; '' is the whole document. */
  pointer: string;
  message: string;
}

const schema = shapeSchema as ShapeSchemaFile;

/** undefined when `value` has the shape of a `kind` document, otherwise the first problem found. */
export function findShapeProblem(
  kind: DocumentKind,
  value: unknown,
  file: ShapeSchemaFile = schema,
): ShapeProblem | undefined {
  return check({ $ref: `#/$defs/${file.roots[kind]}` }, value, '', file.$defs);
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeOf(value) === 'object';

function check(
  node: ShapeNode,
  value: unknown,
  pointer: string,
  defs: Record<string, ShapeNode>,
): ShapeProblem | undefined {
  const at = (message: string, where = pointer): ShapeProblem => ({
    pointer: where,
    message: `${where || '(document)'} ${message}`,
  });
  if (node.$ref) {
    const target = defs[node.$ref.slice('#/$defs/'.length)];
    if (!target) throw new Error(`shape schema: unknown reference ${node.$ref}; run npm run gen:types`);
    const problem = check(target, value, pointer, defs);
    if (problem) return problem;
  }
  if (node.type && !hasType(value, node.type)) return at(`must be ${node.type}`);
  if (node.enum && !node.enum.includes(value))
    return at(`must be one of ${node.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if ('const' in node && value !== node.const) return at(`must be ${JSON.stringify(node.const)}`);
  if (Array.isArray(value)) {
    if (node.minItems !== undefined && value.length < node.minItems)
      return at(`must have at least ${node.minItems} item(s)`);
    if (node.items)
      for (let i = 0; i < value.length; i++) {
        const problem = check(node.items, value[i], `${pointer}/${i}`, defs);
        if (problem) return problem;
      }
  }
  if (isRecord(value)) {
    for (const key of node.required ?? []) if (!(key in value)) return at(`must have required property '${key}'`);
    for (const [key, item] of Object.entries(value)) {
      const child = node.properties?.[key] ?? node.additionalProperties;
      const problem = child && check(child, item, `${pointer}/${escape(key)}`, defs);
      if (problem) return problem;
    }
  }
  if (node.oneOf) return checkOneOf(node, value, pointer, defs);
  if (node.anyOf && node.anyOf.every((branch) => check(branch, value, pointer, defs)))
    return at('must match one of the allowed shapes');
  return undefined;
}

/** With a discriminator the branch is picked by its property's constant, so the problem reported is that branch's. */
function checkOneOf(
  node: ShapeNode,
  value: unknown,
  pointer: string,
  defs: Record<string, ShapeNode>,
): ShapeProblem | undefined {
  const branches = node.oneOf!;
  const property = node.discriminator?.propertyName;
  if (property && isRecord(value)) {
    const constOf = (branch: ShapeNode) =>
      (branch.$ref ? defs[branch.$ref.slice('#/$defs/'.length)] : branch)?.properties?.[property]?.const;
    const branch = branches.find((b) => constOf(b) === value[property]);
    const where = `${pointer}/${escape(property)}`;
    if (!branch)
      return {
        pointer: where,
        message: `${where} must be one of ${branches.map((b) => JSON.stringify(constOf(b))).join(', ')}`,
      };
    return check(branch, value, pointer, defs);
  }
  const matching = branches.filter((branch) => !check(branch, value, pointer, defs)).length;
  return matching === 1
    ? undefined
    : {
        pointer,
        message: `${pointer || '(document)'} must match exactly one of the allowed shapes (matches ${matching})`,
      };
}
