import { describe, expect, it } from 'vitest';
import type { Rule } from '../../schemas/generated/config-types';
import { evaluateRule, explainRule, type RuleContext } from './rules';
import { companyCustomer, pendingCustomer, privateCustomer } from './__fixtures__/contexts';

function ctx(overrides: Partial<RuleContext> = {}): RuleContext {
  return { access: new Set(), flags: new Set(), pomProducts: new Set(), locale: 'de-DE', ...overrides };
}

type Case = [name: string, rule: Rule, context: RuleContext, holds: boolean, reason?: string];

const CASES: Case[] = [
  [
    'access present',
    { access: 'HAS_FIXED_DEPOSIT_ACCOUNT' },
    ctx({ access: new Set(['HAS_FIXED_DEPOSIT_ACCOUNT']) }),
    true,
  ],
  [
    'access absent',
    { access: 'HAS_FIXED_DEPOSIT_ACCOUNT' },
    ctx({ access: new Set(['HAS_FLEX_DEPOSIT_ACCOUNT']) }),
    false,
    'needs access "HAS_FIXED_DEPOSIT_ACCOUNT"',
  ],
  ['flag on', { flag: 'newDepositsPage' }, ctx({ flags: new Set(['newDepositsPage']) }), true],
  ['flag off', { flag: 'newDepositsPage' }, ctx(), false, 'needs flag "newDepositsPage" on'],
  ['not flag, flag off', { not: { flag: 'newDepositsPage' } }, ctx(), true],
  [
    'not flag, flag on',
    { not: { flag: 'newDepositsPage' } },
    ctx({ flags: new Set(['newDepositsPage']) }),
    false,
    'needs flag "newDepositsPage" off',
  ],
  [
    'not access, access present',
    { not: { access: 'hasMigratedRobo' } },
    ctx({ access: new Set(['hasMigratedRobo']) }),
    false,
    'hidden with access "hasMigratedRobo"',
  ],
  ['company rule, company customer', { customerType: 'company' }, ctx({ customer: companyCustomer() }), true],
  [
    'company rule, private customer',
    { customerType: 'company' },
    ctx({ customer: privateCustomer() }),
    false,
    'only for company customers',
  ],
  ['company rule, no customer', { customerType: 'company' }, ctx(), false, 'only for logged-in company customers'],
  ['private rule, private customer', { customerType: 'private' }, ctx({ customer: privateCustomer() }), true],
  [
    'private rule, company customer',
    { customerType: 'private' },
    ctx({ customer: companyCustomer() }),
    false,
    'only for private customers',
  ],
  ['private rule, no customer', { customerType: 'private' }, ctx(), false, 'only for logged-in private customers'],
  ['not company, no customer', { not: { customerType: 'company' } }, ctx(), true],
  [
    'not company, company customer',
    { not: { customerType: 'company' } },
    ctx({ customer: companyCustomer() }),
    false,
    'hidden for company customers',
  ],
  ['pending true, pending customer', { pendingActivation: true }, ctx({ customer: pendingCustomer() }), true],
  [
    'pending true, active customer',
    { pendingActivation: true },
    ctx({ customer: privateCustomer() }),
    false,
    'only while activation is pending',
  ],
  ['pending true, no customer', { pendingActivation: true }, ctx(), false, 'only while activation is pending'],
  ['pending false, active customer', { pendingActivation: false }, ctx({ customer: privateCustomer() }), true],
  [
    'pending false, pending customer',
    { pendingActivation: false },
    ctx({ customer: pendingCustomer() }),
    false,
    'not while activation is pending',
  ],
  [
    'distributor in, customer matches',
    { distributor: { in: ['dkb'] } },
    ctx({ customer: privateCustomer({ distributorId: 'dkb' }) }),
    true,
  ],
  [
    'distributor in, visitor distributor matches',
    { distributor: { in: ['dkb'] } },
    ctx({ distributor: { id: 'dkb' } }),
    true,
  ],
  [
    'distributor in, other',
    { distributor: { in: ['dkb', 'x'] } },
    ctx({ customer: privateCustomer({ distributorId: 'other' }) }),
    false,
    'only for distributors dkb, x (is other)',
  ],
  ['distributor in, none', { distributor: { in: ['dkb'] } }, ctx(), false, 'only for distributors dkb (is none)'],
  ['distributor notIn, none', { distributor: { notIn: ['dkb'] } }, ctx(), true],
  ['distributor notIn, other', { distributor: { notIn: ['dkb'] } }, ctx({ distributor: { id: 'other' } }), true],
  [
    'distributor notIn, listed',
    { distributor: { notIn: ['dkb'] } },
    ctx({ customer: privateCustomer({ distributorId: 'dkb' }) }),
    false,
    'hidden for distributor dkb',
  ],
  [
    'not distributor in, listed',
    { not: { distributor: { in: ['dkb'] } } },
    ctx({ customer: privateCustomer({ distributorId: 'dkb' }) }),
    false,
    'hidden for distributor dkb',
  ],
  [
    "the customer's distributor wins over the visitor's",
    { distributor: { in: ['dkb'] } },
    ctx({ customer: privateCustomer({ distributorId: 'other' }), distributor: { id: 'dkb' } }),
    false,
  ],
  ['pomProduct present', { pomProduct: 'pension' }, ctx({ pomProducts: new Set(['pension']) }), true],
  [
    'pomProduct absent',
    { pomProduct: 'pension' },
    ctx({ pomProducts: new Set(['dwm']) }),
    false,
    'needs pension product "pension"',
  ],
  [
    'not pomProduct, present',
    { not: { pomProduct: 'dwm' } },
    ctx({ pomProducts: new Set(['dwm']) }),
    false,
    'hidden with pension product "dwm"',
  ],
  ['locale listed', { locale: ['de-DE', 'de-AT'] }, ctx({ locale: 'de-AT' }), true],
  ['locale not listed', { locale: ['de-DE'] }, ctx({ locale: 'de-AT' }), false, 'only in de-DE'],
  ['not locale, listed', { not: { locale: ['de-AT'] } }, ctx({ locale: 'de-AT' }), false, 'hidden in de-AT'],
  [
    'all, every part holds',
    { all: [{ flag: 'a' }, { access: 'term_deposit' }] },
    ctx({ flags: new Set(['a']), access: new Set(['term_deposit']) }),
    true,
  ],
  [
    'all, one part fails: only it is named',
    { all: [{ flag: 'a' }, { access: 'term_deposit' }] },
    ctx({ flags: new Set(['a']) }),
    false,
    'needs access "term_deposit"',
  ],
  [
    'all, both fail',
    { all: [{ flag: 'a' }, { access: 'term_deposit' }] },
    ctx(),
    false,
    'needs flag "a" on and needs access "term_deposit"',
  ],
  ['any, one holds', { any: [{ flag: 'a' }, { flag: 'b' }] }, ctx({ flags: new Set(['b']) }), true],
  [
    'any, none holds',
    { any: [{ flag: 'a' }, { flag: 'b' }] },
    ctx(),
    false,
    'needs one of: needs flag "a" on or needs flag "b" on',
  ],
  ['not any, one holds', { not: { any: [{ flag: 'a' }, { flag: 'b' }] } }, ctx({ flags: new Set(['a']) }), false],
  ['not not flag', { not: { not: { flag: 'a' } } }, ctx({ flags: new Set(['a']) }), true],
  [
    'nested: (fixed or flex) and new deposits page',
    {
      all: [
        { any: [{ access: 'HAS_FIXED_DEPOSIT_ACCOUNT' }, { access: 'HAS_FLEX_DEPOSIT_ACCOUNT' }] },
        { flag: 'newDepositsPage' },
      ],
    },
    ctx({ access: new Set(['HAS_FLEX_DEPOSIT_ACCOUNT']), flags: new Set(['newDepositsPage']) }),
    true,
  ],
  [
    'nested: access missing, flag on',
    {
      all: [
        { any: [{ access: 'HAS_FIXED_DEPOSIT_ACCOUNT' }, { access: 'HAS_FLEX_DEPOSIT_ACCOUNT' }] },
        { flag: 'newDepositsPage' },
      ],
    },
    ctx({ flags: new Set(['newDepositsPage']) }),
    false,
    'needs one of: needs access "HAS_FIXED_DEPOSIT_ACCOUNT" or needs access "HAS_FLEX_DEPOSIT_ACCOUNT"',
  ],
];

describe('evaluateRule and explainRule', () => {
  it.each(CASES)('%s', (_name, rule, context, holds, reason) => {
    expect(evaluateRule(rule, context)).toBe(holds);
    if (reason !== undefined) expect(explainRule(rule, context)).toBe(reason);
  });

  it('every failing rule is explained in words, never as "invalid rule"', () => {
    for (const [, rule, context, holds] of CASES)
      if (!holds) expect(explainRule(rule, context)).not.toMatch(/invalid rule|^$/);
  });

  it('an empty rule (impossible in a validated config) throws with the rule shown', () => {
    expect(() => evaluateRule({}, ctx())).toThrow(/Invalid visibility rule \{\}/);
  });
});
