import type { ErrorObject } from 'ajv';

export interface SchemaFinding {
  pointer: string;
  /** Point the caret at the property name rather than the value. */
  atKey: boolean;
  message: string;
  hint?: string;
}

/** Plain-language messages for Ajv errors. Tests pin these texts (schemas/validator/messages.test.ts). */
export function describeSchemaErrors(errors: readonly ErrorObject[]): SchemaFinding[] {
  const merged = mergeAlternatives(errors);
  const seen = new Set<string>();
  const findings: SchemaFinding[] = [];
  for (const finding of merged) {
    const key = `${finding.pointer}\u0000${finding.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(finding);
  }
  return findings;
}

/**
 * anyOf over enums (the access vocabulary) reports one enum error per branch plus the anyOf itself.
 * We fold them into one "not one of" message listing every allowed value.
 */
function mergeAlternatives(errors: readonly ErrorObject[]): SchemaFinding[] {
  const out: SchemaFinding[] = [];
  const alternatives = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const folded = new Set<ErrorObject>();
  for (const alt of alternatives) {
    const branchErrors = errors.filter((e) => e !== alt && e.instancePath === alt.instancePath && e.schemaPath.startsWith(alt.schemaPath.replace(/\/(anyOf|oneOf)$/, '')));
    if (branchErrors.length > 0 && branchErrors.every((e) => e.keyword === 'enum' || e.keyword === 'const')) {
      const allowed = branchErrors.flatMap((e) => (e.keyword === 'enum' ? (e.params as { allowedValues: unknown[] }).allowedValues : [(e.params as { allowedValue: unknown }).allowedValue]));
      branchErrors.forEach((e) => folded.add(e));
      folded.add(alt);
      out.push(notOneOf(alt.instancePath, alt.data, allowed.map(String)));
    }
  }
  for (const error of errors) if (!folded.has(error)) out.push(describe(error));
  return out;
}

function describe(error: ErrorObject): SchemaFinding {
  const pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {}).filter((k) => k !== '$schema');
      const suggestion = closest(key, allowed);
      return {
        pointer: `${pointer}/${escapePointer(key)}`,
        atKey: true,
        message: `unknown key "${key}"`,
        hint: suggestion ? `did you mean "${suggestion}"? Allowed keys here: ${allowed.join(', ')}` : `remove it; allowed keys here: ${allowed.join(', ')}`,
      };
    }
    case 'required': {
      const key = String(params.missingProperty);
      return { pointer, atKey: false, message: `missing required key "${key}"`, hint: `add "${key}" to this object` };
    }
    case 'type':
      return { pointer, atKey: false, message: `expected ${String(params.type)}, got ${typeName(error.data)}`, hint: typeHint(String(params.type)) };
    case 'enum':
      return notOneOf(pointer, error.data, (params.allowedValues as unknown[]).map(String));
    case 'const':
      return { pointer, atKey: false, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'discriminator': {
      if (params.error === 'mapping') {
        const valid = ((error.parentSchema as { oneOf?: { $ref?: string }[] } | undefined)?.oneOf ?? []).map((b) => b.$ref?.split('/').pop()?.replace(/Item$/, '').toLowerCase()).filter(Boolean);
        return {
          pointer: `${pointer}/${String(params.tag)}`,
          atKey: false,
          message: `unknown item type ${JSON.stringify(params.tagValue)}`,
          hint: `use one of: ${valid.join(', ')}`,
        };
      }
      return { pointer, atKey: false, message: `missing "${String(params.tag)}": every menu item needs a type`, hint: 'add "type": "basic" (or advanced, text, image, arrow)' };
    }
    case 'pattern':
      return describePattern(pointer, String(params.pattern), error.data);
    case 'minLength':
      return params.limit === 1
        ? { pointer, atKey: false, message: 'must not be empty', hint: 'enter a text or remove the key' }
        : { pointer, atKey: false, message: `must be at least ${String(params.limit)} characters long` };
    case 'maxLength':
      return { pointer, atKey: false, message: `is ${String((error.data as string).length)} characters long; at most ${String(params.limit)} allowed`, hint: 'shorten the text' };
    case 'minItems':
      return { pointer, atKey: false, message: `needs at least ${String(params.limit)} entr${params.limit === 1 ? 'y' : 'ies'}` };
    case 'maxProperties':
      return isRulePointer(pointer)
        ? { pointer, atKey: false, message: `a rule has exactly one key, this one has ${Object.keys(error.data as object).length}`, hint: 'combine conditions with {"all": [...]} or {"any": [...]}' }
        : { pointer, atKey: false, message: `at most ${String(params.limit)} keys allowed here` };
    case 'minProperties':
      return isRulePointer(pointer)
        ? { pointer, atKey: false, message: 'empty rule', hint: 'use one of: access, flag, customerType, pendingActivation, distributor, pomProduct, locale, all, any, not' }
        : { pointer, atKey: false, message: `needs at least ${String(params.limit)} keys`, hint: pointer.endsWith('/subMenus') ? 'a submenu needs at least one of the lists top, main, sidebar, bottom' : undefined };
    case 'minimum':
    case 'maximum':
      return { pointer, atKey: false, message: `must be ${error.keyword === 'minimum' ? '≥' : '≤'} ${String(params.limit)}, got ${JSON.stringify(error.data)}` };
    case 'format':
      return { pointer, atKey: false, message: `${JSON.stringify(error.data)} is not a valid ${String(params.format)}` };
    default:
      return { pointer, atKey: false, message: error.message ?? `fails ${error.keyword}` };
  }
}

const PATTERN_MESSAGES: Record<string, (value: string) => Omit<SchemaFinding, 'pointer' | 'atKey'>> = {
  '^[a-z0-9][a-z0-9-]*$': (v) => ({ message: `id ${JSON.stringify(v)} is not kebab-case`, hint: `use lower-case letters, digits and hyphens, e.g. "${toKebab(v)}"` }),
  '\\{year\\}': () => ({ message: 'copyright must contain {year}', hint: 'write e.g. "© {year} Depona GmbH"; {year} becomes the current year' }),
  '^[a-z][A-Za-z0-9]*$': (v) => ({ message: `flag id ${JSON.stringify(v)} is not camelCase`, hint: 'flag ids look like paymentMethodScreens' }),
  '^(/[a-z]{2}(-[a-z]{2})?)$': (v) => ({ message: `base path ${JSON.stringify(v)} must look like /de-de`, hint: 'a slash, then the locale in lower case, no trailing slash' }),
};

function describePattern(pointer: string, pattern: string, data: unknown): SchemaFinding {
  const known = PATTERN_MESSAGES[pattern];
  if (known) return { pointer, atKey: false, ...known(String(data)) };
  return { pointer, atKey: false, message: `${JSON.stringify(data)} does not have the expected form (${pattern})` };
}

function notOneOf(pointer: string, data: unknown, allowed: string[]): SchemaFinding {
  const suggestion = typeof data === 'string' ? closest(data, allowed) : undefined;
  const what = /\/access$/.test(pointer) ? 'unknown access id' : /\/pomProduct$/.test(pointer) ? 'unknown pomProduct' : 'value';
  const list = allowed.length > 12 ? `${allowed.slice(0, 12).join(', ')}, …` : allowed.join(', ');
  return {
    pointer,
    atKey: false,
    message: `${what} ${JSON.stringify(data)} is not one of: ${list}`,
    hint: suggestion ? `did you mean "${suggestion}"?` : `use one of: ${allowed.join(', ')}`,
  };
}

function isRulePointer(pointer: string): boolean {
  return /\/(visibility|not)$|\/(all|any)\/\d+$/.test(pointer);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function typeHint(expected: string): string | undefined {
  if (expected === 'string') return 'wrap the value in double quotes';
  if (expected === 'boolean') return 'use true or false without quotes';
  if (expected === 'array') return 'use a list: [ ... ]';
  if (expected === 'object') return 'use an object: { ... }';
  return undefined;
}

function toKebab(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'item-id';
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Closest candidate by edit distance, when it is close enough to be a plausible typo. */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = editDistance(input.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(input.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = current;
    }
  }
  return row[b.length]!;
}
