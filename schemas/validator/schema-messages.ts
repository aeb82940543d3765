import type { ErrorObject } from 'ajv';

export interface SchemaFinding {
  pointer: string;
  /** Point the caret at the property name rather than the value. */
  atKey: boolean;
  message: string;
  hint?: string;
}

/**
 * Plain-language messages for Ajv errors. Tests pin these texts (schemas/validator/messages.test.ts).
 * At most `limit` findings are described (a suggestion costs an edit-distance search), from at most
 * 10 × `limit` raw errors; `total` counts the findings among those, and `more` says there were other
 * errors past them. So a body with 20,000 bad items costs little more to answer than one with `limit`.
 */
export function describeSchemaErrors(
  errors: readonly ErrorObject[],
  limit = Infinity,
): { findings: SchemaFinding[]; total: number; more: boolean } {
  // Several raw errors fold into one finding (the branches of an anyOf, duplicates), rarely more than a few.
  const considered = limit === Infinity ? errors : errors.slice(0, limit * 10);
  const seen = new Set<string>();
  const findings: SchemaFinding[] = [];
  for (const pending of mergeAlternatives(considered)) {
    if (seen.has(pending.key)) continue;
    seen.add(pending.key);
    if (findings.length < limit) findings.push(pending.describe());
  }
  return { findings, total: seen.size, more: considered.length < errors.length };
}

interface PendingFinding {
  /** Identifies a finding without describing it: duplicates (the same error from several branches) count once. */
  key: string;
  describe: () => SchemaFinding;
}

/**
 * anyOf over enums (the access vocabulary) reports one enum error per branch plus the anyOf itself.
 * We fold them into one "not one of" message listing every allowed value. Errors are grouped by
 * instance path first, so folding is linear in the number of errors.
 */
function mergeAlternatives(errors: readonly ErrorObject[]): PendingFinding[] {
  const out: PendingFinding[] = [];
  const byPath = new Map<string, ErrorObject[]>();
  for (const error of errors) {
    const group = byPath.get(error.instancePath);
    if (group) group.push(error);
    else byPath.set(error.instancePath, [error]);
  }
  const folded = new Set<ErrorObject>();
  for (const alt of errors) {
    if (alt.keyword !== 'anyOf' && alt.keyword !== 'oneOf') continue;
    const branchPath = alt.schemaPath.replace(/\/(anyOf|oneOf)$/, '');
    const branchErrors = byPath.get(alt.instancePath)!.filter((e) => e !== alt && e.schemaPath.startsWith(branchPath));
    if (branchErrors.length > 0 && branchErrors.every((e) => e.keyword === 'enum' || e.keyword === 'const')) {
      const allowed = branchErrors.flatMap((e) =>
        e.keyword === 'enum'
          ? (e.params as { allowedValues: unknown[] }).allowedValues
          : [(e.params as { allowedValue: unknown }).allowedValue],
      );
      branchErrors.forEach((e) => folded.add(e));
      folded.add(alt);
      out.push({
        key: `${alt.instancePath}\u0000not-one-of`,
        describe: () => notOneOf(alt.instancePath, alt.data, allowed.map(String)),
      });
    }
  }
  for (const error of errors)
    if (!folded.has(error)) out.push({ key: errorKey(error), describe: () => describe(error) });
  return out;
}

/** What makes two Ajv errors the same finding: where, which rule, and the rule's parameters. */
function errorKey(error: ErrorObject): string {
  return `${error.instancePath}\u0000${error.keyword}\u0000${JSON.stringify(error.params)}`;
}

function describe(error: ErrorObject): SchemaFinding {
  const pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {}).filter(
        (k) => k !== '$schema',
      );
      const suggestion = closest(key, allowed);
      return {
        pointer: `${pointer}/${escapePointer(key)}`,
        atKey: true,
        message: `unknown key "${key}"`,
        hint: suggestion
          ? `did you mean "${suggestion}"? Allowed keys here: ${allowed.join(', ')}`
          : `remove it; allowed keys here: ${allowed.join(', ')}`,
      };
    }
    case 'required': {
      const key = String(params.missingProperty);
      return { pointer, atKey: false, message: `missing required key "${key}"`, hint: `add "${key}" to this object` };
    }
    case 'type':
      return {
        pointer,
        atKey: false,
        message: `expected ${String(params.type)}, got ${typeName(error.data)}`,
        hint: typeHint(String(params.type)),
      };
    case 'enum':
      return notOneOf(pointer, error.data, (params.allowedValues as unknown[]).map(String));
    case 'const':
      return { pointer, atKey: false, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'discriminator': {
      // The item types, read from the branches (BasicItem → basic), so a new type is named here at once.
      const valid = ((error.parentSchema as { oneOf?: { $ref?: string }[] } | undefined)?.oneOf ?? [])
        .map((b) => b.$ref?.split('/').pop()?.replace(/Item$/, '').toLowerCase())
        .filter(Boolean);
      if (params.error === 'mapping') {
        return {
          pointer: `${pointer}/${String(params.tag)}`,
          atKey: false,
          message: `unknown item type ${JSON.stringify(params.tagValue)}`,
          hint: `use one of: ${valid.join(', ')}`,
        };
      }
      return {
        pointer,
        atKey: false,
        message: `missing "${String(params.tag)}": every menu item needs a type`,
        hint: `add "type": "${valid[0]}" (or ${valid.slice(1).join(', ')})`,
      };
    }
    case 'pattern':
      return describePattern(pointer, String(params.pattern), error.data);
    case 'minLength':
      return params.limit === 1
        ? { pointer, atKey: false, message: 'must not be empty', hint: 'enter a text or remove the key' }
        : { pointer, atKey: false, message: `must be at least ${String(params.limit)} characters long` };
    case 'maxLength':
      return {
        pointer,
        atKey: false,
        message: `is ${String((error.data as string).length)} characters long; at most ${String(params.limit)} allowed`,
        hint: 'shorten the text',
      };
    case 'minItems':
      return {
        pointer,
        atKey: false,
        message: `needs at least ${String(params.limit)} entr${params.limit === 1 ? 'y' : 'ies'}`,
      };
    case 'maxProperties':
      return isRulePointer(pointer)
        ? {
            pointer,
            atKey: false,
            message: `a rule has exactly one key, this one has ${Object.keys(error.data as object).length}`,
            hint: 'combine conditions with {"all": [...]} or {"any": [...]}',
          }
        : { pointer, atKey: false, message: `at most ${String(params.limit)} keys allowed here` };
    case 'minProperties':
      return isRulePointer(pointer)
        ? {
            pointer,
            atKey: false,
            message: 'empty rule',
            hint: 'use one of: access, flag, customerType, pendingActivation, distributor, pomProduct, locale, all, any, not',
          }
        : {
            pointer,
            atKey: false,
            message: `needs at least ${String(params.limit)} keys`,
            hint: pointer.endsWith('/subMenus')
              ? 'a submenu needs at least one of the lists top, main, sidebar, bottom'
              : undefined,
          };
    case 'minimum':
    case 'maximum':
      return {
        pointer,
        atKey: false,
        message: `must be ${error.keyword === 'minimum' ? '≥' : '≤'} ${String(params.limit)}, got ${JSON.stringify(error.data)}`,
      };
    case 'format':
      return {
        pointer,
        atKey: false,
        message: `${JSON.stringify(error.data)} is not a valid ${String(params.format)}`,
      };
    default:
      return { pointer, atKey: false, message: error.message ?? `fails ${error.keyword}` };
  }
}

const PATTERN_MESSAGES: Record<string, (value: string) => Omit<SchemaFinding, 'pointer' | 'atKey'>> = {
  '^[a-z0-9][a-z0-9-]*$': (v) => ({
    message: `id ${JSON.stringify(v)} is not kebab-case`,
    hint: `use lower-case letters, digits and hyphens, e.g. "${toKebab(v)}"`,
  }),
  '\\{year\\}': () => ({
    message: 'copyright must contain {year}',
    hint: 'write e.g. "© {year} Depona GmbH"; {year} becomes the current year',
  }),
  '^[a-z][A-Za-z0-9]*$': (v) => ({
    message: `flag id ${JSON.stringify(v)} is not camelCase`,
    hint: 'flag ids look like paymentMethodScreens',
  }),
  '^(/[a-z]{2}(-[a-z]{2})?)$': (v) => ({
    message: `base path ${JSON.stringify(v)} must look like /de-de`,
    hint: 'a slash, then the locale in lower case, no trailing slash',
  }),
};

function describePattern(pointer: string, pattern: string, data: unknown): SchemaFinding {
  const known = PATTERN_MESSAGES[pattern];
  if (known) return { pointer, atKey: false, ...known(String(data)) };
  return { pointer, atKey: false, message: `${JSON.stringify(data)} does not have the expected form (${pattern})` };
}

function notOneOf(pointer: string, data: unknown, allowed: string[]): SchemaFinding {
  const suggestion = typeof data === 'string' ? closest(data, allowed) : undefined;
  const what = /\/access$/.test(pointer)
    ? 'unknown access id'
    : /\/pomProduct$/.test(pointer)
      ? 'unknown pomProduct'
      : 'value';
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
  return (
    value
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'item-id'
  );
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Closest candidate by edit distance, when it is close enough to be a plausible typo (at most
 * max(2, a third of the input's length) edits). Candidates whose length alone puts them out of reach
 * are skipped, and the distance is only computed within that bound, so a hostile 500 KB key costs no
 * more than a short one.
 */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  const bound = Math.max(2, Math.floor(input.length / 3));
  const a = input.toLowerCase();
  let best: string | undefined;
  let bestDistance = bound + 1;
  for (const candidate of candidates) {
    const b = candidate.toLowerCase();
    if (Math.abs(b.length - a.length) >= bestDistance) continue;
    const d = boundedEditDistance(a, b, bestDistance - 1);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance of a and b when it is ≤ max; otherwise some value > max. Only the band |i - j| ≤ max is computed. */
function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const outside = max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => (j <= max ? j : outside));
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(outside);
    if (i <= max) current[0] = i;
    let rowMin = current[0]!;
    for (let j = Math.max(1, i - max); j <= Math.min(b.length, i + max); j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (current[j]! < rowMin) rowMin = current[j]!;
    }
    if (rowMin > max) return outside;
    previous = current;
  }
  return Math.min(previous[b.length]!, outside);
}
