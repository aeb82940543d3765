/**
 * An independent reading of the visibility-rule semantics (schemas/locale-config.schema.json "Rule"),
 * written from the schema's descriptions, so property tests do not check the resolver against itself.
 */
import type { LocaleConfig, Rule } from '../../../schemas/generated/config-types';
import type { ResolverContext } from '../context';

export interface Facts {
  access: ReadonlySet<string>;
  flags: ReadonlySet<string>;
  pomProducts: ReadonlySet<string>;
  /** The config actually rendered. */
  locale: string;
  customer?: { isCompanyCustomer: boolean; isPendingActivation: boolean; distributorId?: string };
  /** The visitor's distributor, used when no customer names one. */
  distributorId?: string;
}

export function factsOf(ctx: ResolverContext, configLocale: string): Facts {
  return {
    access: ctx.access,
    flags: ctx.flags,
    pomProducts: ctx.pomProducts,
    locale: configLocale,
    ...(ctx.customer ? { customer: ctx.customer } : {}),
    ...(ctx.distributor ? { distributorId: ctx.distributor.id } : {}),
  };
}

export function ruleHolds(rule: Rule, facts: Facts): boolean {
  const keys = Object.keys(rule) as (keyof Rule)[];
  if (keys.length !== 1) throw new Error(`a rule has exactly one key: ${JSON.stringify(rule)}`);
  switch (keys[0]) {
    case 'access':
      return facts.access.has(rule.access!);
    case 'flag':
      return facts.flags.has(rule.flag!);
    case 'customerType':
      // "Requires a logged-in customer of this type."
      return facts.customer !== undefined && (rule.customerType === 'company') === facts.customer.isCompanyCustomer;
    case 'pendingActivation':
      // Someone who is not a customer is not pending activation.
      return (facts.customer?.isPendingActivation === true) === rule.pendingActivation;
    case 'distributor': {
      const id = facts.customer?.distributorId ?? facts.distributorId;
      if (rule.distributor!.in) return id !== undefined && rule.distributor!.in.includes(id);
      return !(id !== undefined && rule.distributor!.notIn!.includes(id));
    }
    case 'pomProduct':
      return facts.pomProducts.has(rule.pomProduct!);
    case 'locale':
      return (rule.locale as string[]).includes(facts.locale);
    case 'all':
      return rule.all!.every((r) => ruleHolds(r, facts));
    case 'any':
      return rule.any!.some((r) => ruleHolds(r, facts));
    case 'not':
      return !ruleHolds(rule.not!, facts);
    default:
      throw new Error(`unknown rule key ${String(keys[0])}`);
  }
}

/** Every leaf name a rule mentions (flag ids, access ids, products, distributors, locales, customer types). */
export function ruleNames(rule: Rule): string[] {
  if (rule.all) return rule.all.flatMap(ruleNames);
  if (rule.any) return rule.any.flatMap(ruleNames);
  if (rule.not) return ruleNames(rule.not);
  if (rule.distributor) return [...(rule.distributor.in ?? []), ...(rule.distributor.notIn ?? [])];
  if (rule.locale) return [...rule.locale];
  if (rule.pendingActivation !== undefined) return ['activation'];
  return [rule.access ?? rule.flag ?? rule.customerType ?? rule.pomProduct ?? ''].filter(Boolean);
}

/** id → visibility rule for every identified item of a config (ids are unique per config, see the validator). */
export function rulesById(config: LocaleConfig): Map<string, Rule | undefined> {
  const out = new Map<string, Rule | undefined>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const id = typeof record.id === 'string' ? record.id : typeof record.uid === 'string' ? record.uid : undefined;
      if (id !== undefined) out.set(id, record.visibility as Rule | undefined);
      for (const child of Object.values(record)) walk(child);
    }
  };
  walk(config);
  if (config.accountMenu?.accountSwitch) out.set('account-switch', config.accountMenu.accountSwitch.visibility);
  return out;
}
