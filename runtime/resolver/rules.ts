import type { Rule } from '../../schemas/generated/config-types';
import type { ResolverContext } from './context';
import type { RuleConditionCode } from './model';

/** The part of the context rules may read. The locale is the config actually rendered. */
export type RuleContext = Pick<ResolverContext, 'access' | 'flags' | 'customer' | 'pomProducts' | 'distributor'> & {
  locale: string;
};

function distributorId(ctx: RuleContext): string | undefined {
  return ctx.customer?.distributorId ?? ctx.distributor?.id;
}

export function evaluateRule(rule: Rule, ctx: RuleContext): boolean {
  if (rule.access !== undefined) return ctx.access.has(rule.access);
  if (rule.flag !== undefined) return ctx.flags.has(rule.flag);
  if (rule.customerType !== undefined)
    return !!ctx.customer && ctx.customer.isCompanyCustomer === (rule.customerType === 'company');
  if (rule.pendingActivation !== undefined)
    return (ctx.customer?.isPendingActivation ?? false) === rule.pendingActivation;
  if (rule.distributor !== undefined) {
    const id = distributorId(ctx);
    if (rule.distributor.in) return id !== undefined && rule.distributor.in.includes(id);
    return id === undefined || !rule.distributor.notIn!.includes(id);
  }
  if (rule.pomProduct !== undefined) return ctx.pomProducts.has(rule.pomProduct);
  if (rule.locale !== undefined) return (rule.locale as readonly string[]).includes(ctx.locale);
  if (rule.all !== undefined) return rule.all.every((r) => evaluateRule(r, ctx));
  if (rule.any !== undefined) return rule.any.some((r) => evaluateRule(r, ctx));
  if (rule.not !== undefined) return !evaluateRule(rule.not, ctx);
  // The schema guarantees exactly one key; an empty rule cannot reach here from a validated config.
  throw new Error(`Invalid visibility rule ${JSON.stringify(rule)}: it names none of the known conditions`);
}

/**
 * Why a rule fails, in words a product owner reads in the preview's "why hidden" panel.
 * Only the failing parts of all/any are named.
 */
export function explainRule(rule: Rule, ctx: RuleContext): string {
  if (rule.access !== undefined) return `needs access "${rule.access}"`;
  if (rule.flag !== undefined) return `needs flag "${rule.flag}" on`;
  if (rule.customerType !== undefined)
    return ctx.customer
      ? `only for ${rule.customerType} customers`
      : `only for logged-in ${rule.customerType} customers`;
  if (rule.pendingActivation !== undefined)
    return rule.pendingActivation ? 'only while activation is pending' : 'not while activation is pending';
  if (rule.distributor !== undefined) {
    const id = distributorId(ctx) ?? 'none';
    return rule.distributor.in
      ? `only for distributors ${rule.distributor.in.join(', ')} (is ${id})`
      : `hidden for distributor ${id}`;
  }
  if (rule.pomProduct !== undefined) return `needs pension product "${rule.pomProduct}"`;
  if (rule.locale !== undefined) return `only in ${rule.locale.join(', ')}`;
  if (rule.all !== undefined)
    return rule.all
      .filter((r) => !evaluateRule(r, ctx))
      .map((r) => explainRule(r, ctx))
      .join(' and ');
  if (rule.any !== undefined) return `needs one of: ${rule.any.map((r) => explainRule(r, ctx)).join(' or ')}`;
  if (rule.not !== undefined) return explainNegated(rule.not, ctx);
  return 'invalid rule';
}

function explainNegated(rule: Rule, ctx: RuleContext): string {
  if (rule.flag !== undefined) return `needs flag "${rule.flag}" off`;
  if (rule.access !== undefined) return `hidden with access "${rule.access}"`;
  if (rule.distributor?.in) return `hidden for distributor ${distributorId(ctx) ?? 'none'}`;
  if (rule.customerType !== undefined) return `hidden for ${rule.customerType} customers`;
  if (rule.locale !== undefined) return `hidden in ${rule.locale.join(', ')}`;
  if (rule.pomProduct !== undefined) return `hidden with pension product "${rule.pomProduct}"`;
  return `hidden because ${explainRule(rule, ctx).replace(/^needs /, '')} holds`;
}

const CONDITION_CODES: Readonly<Record<string, RuleConditionCode>> = {
  access: 'access',
  flag: 'flag',
  customerType: 'customer-type',
  pendingActivation: 'pending-activation',
  distributor: 'distributor',
  pomProduct: 'pom-product',
  locale: 'locale',
};

/** One code for several: theirs when they agree, `rules` when they do not. */
function common(codes: readonly RuleConditionCode[]): RuleConditionCode {
  return codes.length > 0 && codes.every((code) => code === codes[0]) ? codes[0]! : 'rules';
}

/** The kinds of condition a rule names, whatever they evaluate to. */
function conditionsOf(rule: Rule): RuleConditionCode[] {
  const children = rule.all ?? rule.any ?? (rule.not ? [rule.not] : undefined);
  if (children) return children.flatMap(conditionsOf);
  const key = Object.keys(rule).find((k) => k in CONDITION_CODES);
  return key ? [CONDITION_CODES[key]!] : [];
}

/** Which kind of condition made a rule fail, as a code (what explainRule says in words). Only failing parts of all count. */
export function failedCondition(rule: Rule, ctx: RuleContext): RuleConditionCode {
  if (rule.all !== undefined)
    return common(rule.all.filter((r) => !evaluateRule(r, ctx)).map((r) => failedCondition(r, ctx)));
  if (rule.any !== undefined) return common(rule.any.map((r) => failedCondition(r, ctx)));
  if (rule.not !== undefined) return common(conditionsOf(rule.not));
  return common(conditionsOf(rule));
}
