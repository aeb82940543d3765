/**
 * Visibility rules as the rule builder sees them: one kind per rule object (its single key, see
 * common.schema.json#/$defs/Rule), a starting value per kind, and a one-line summary for titles.
 */
import commonSchema from '../../schemas/common.schema.json';
import { ACCESS_IDS, LOCALE_IDS, POM_PRODUCTS, type Registry } from '../validation/registries';

export const RULE_KINDS = Object.keys(commonSchema.$defs.Rule.properties) as RuleKind[];
export type RuleKind =
  | 'access'
  | 'flag'
  | 'customerType'
  | 'pendingActivation'
  | 'distributor'
  | 'pomProduct'
  | 'locale'
  | 'all'
  | 'any'
  | 'not';

export const RULE_KIND_LABELS: Record<RuleKind, string> = {
  access: 'the customer has an access',
  flag: 'a feature flag is on',
  customerType: 'the customer type is',
  pendingActivation: 'the customer is pending activation (or not)',
  distributor: 'the distributor is (not) one of',
  pomProduct: 'the customer has a pension/portfolio product',
  locale: 'the locale is one of',
  all: 'all of these hold (and)',
  any: 'any of these holds (or)',
  not: 'this does not hold (not)',
};

export type RuleValue = Record<string, unknown>;

/** The rule's kind; 'invalid' for anything that is not an object with exactly one known key. */
export function ruleKind(rule: unknown): RuleKind | 'invalid' | undefined {
  if (rule === undefined) return undefined;
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) return 'invalid';
  const keys = Object.keys(rule);
  return keys.length === 1 && (RULE_KINDS as string[]).includes(keys[0]!) ? (keys[0] as RuleKind) : 'invalid';
}

/** The starting rule of a kind: the first registry entry, the open locale; a distributor list starts empty (and is flagged until filled). */
export function defaultRule(kind: RuleKind, registry: Registry, locale?: string): RuleValue {
  const firstFlag = registry.flags[0]?.id ?? '';
  switch (kind) {
    case 'access':
      return { access: ACCESS_IDS[0] };
    case 'flag':
      return { flag: firstFlag };
    case 'customerType':
      return { customerType: 'company' };
    case 'pendingActivation':
      return { pendingActivation: true };
    case 'distributor':
      return { distributor: { notIn: [''] } };
    case 'pomProduct':
      return { pomProduct: POM_PRODUCTS[0] };
    case 'locale':
      return { locale: [locale && LOCALE_IDS.includes(locale) ? locale : LOCALE_IDS[0]] };
    case 'all':
    case 'any':
      return { [kind]: [{ flag: firstFlag }] };
    case 'not':
      return { not: { flag: firstFlag } };
  }
}

/** `flag newDashboard and not access HAS_FIXED_DEPOSIT_ACCOUNT`: a rule in words, for a group title or a list. */
export function describeRule(rule: unknown): string {
  const kind = ruleKind(rule);
  if (kind === undefined) return 'always';
  if (kind === 'invalid') return 'an invalid rule';
  const value = (rule as RuleValue)[kind];
  switch (kind) {
    case 'all':
    case 'any': {
      const parts = Array.isArray(value) ? value.map((r) => describeRule(r)) : [];
      return parts.length > 1
        ? `(${parts.join(kind === 'all' ? ' and ' : ' or ')})`
        : (parts[0] ?? `${kind} of nothing`);
    }
    case 'not':
      return `not ${describeRule(value)}`;
    case 'distributor': {
      const d = (value ?? {}) as { in?: unknown; notIn?: unknown };
      const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '');
      return d.notIn !== undefined ? `distributor not in ${list(d.notIn)}` : `distributor in ${list(d.in)}`;
    }
    case 'locale':
      return `locale ${Array.isArray(value) ? value.join(', ') : String(value)}`;
    default:
      return `${kind} ${String(value)}`;
  }
}

/** "dkb, check24 ," → ['dkb', 'check24']; the distributor list input. */
export function parseIdList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
