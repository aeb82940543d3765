import { describe, expect, it } from 'vitest';
import { ACCESS_IDS, DATA_VARIANTS, SCENARIO_DEFAULTS } from '../../schemas/contracts/preview-params';
import {
  accessOn,
  designOf,
  flagsOn,
  parseFaultsInput,
  withAccess,
  withDataVariant,
  withDesign,
  withFlag,
  withPersonaAccess,
} from './scenario-edits';

const REGISTRY = [
  { id: 'paymentMethodScreens', default: false },
  { id: 'newDashboard', default: true },
  { id: 'footerV2', default: false },
  { id: 'designV2', default: false },
];

describe('toolbar edits of the scenario', () => {
  it('the first flag toggle turns the registry defaults into an explicit list, in registry order', () => {
    expect(flagsOn(SCENARIO_DEFAULTS, REGISTRY)).toEqual(['newDashboard']);
    const next = withFlag(SCENARIO_DEFAULTS, 'paymentMethodScreens', true, REGISTRY);
    expect(next.flags).toEqual(['paymentMethodScreens', 'newDashboard']);
    expect(withFlag(next, 'newDashboard', false, REGISTRY).flags).toEqual(['paymentMethodScreens']);
  });

  it('design v2 is designV2 and footerV2 together; one of them alone is "mixed"', () => {
    const v2 = withDesign(SCENARIO_DEFAULTS, 'v2', REGISTRY);
    expect(v2.flags).toEqual(['newDashboard', 'footerV2', 'designV2']);
    expect(designOf(v2.flags!)).toBe('v2');
    expect(designOf(withDesign(v2, 'v1', REGISTRY).flags!)).toBe('v1');
    expect(designOf(['footerV2'])).toBe('mixed');
  });

  it("access starts from the persona's and, once changed, replaces it; going back removes the override", () => {
    const customer = { ...SCENARIO_DEFAULTS, persona: 'customer' as const };
    expect(accessOn(customer)).toContain('HAS_FIXED_DEPOSIT_ACCOUNT');
    expect(accessOn(SCENARIO_DEFAULTS)).toEqual([]);
    const changed = withAccess(customer, 'HAS_FIXED_DEPOSIT_ACCOUNT', false, ACCESS_IDS);
    expect(changed.access).not.toContain('HAS_FIXED_DEPOSIT_ACCOUNT');
    expect(changed.access).toContain('HAS_NOTICE_DEPOSIT_ACCOUNT');
    expect(withAccess(SCENARIO_DEFAULTS, 'dwm', true, ACCESS_IDS).access).toEqual(['dwm']);
    expect(withPersonaAccess(changed)).toEqual(customer);
  });

  it('data variants keep the contract order', () => {
    const next = withDataVariant(
      withDataVariant(SCENARIO_DEFAULTS, 'no-unread', true, DATA_VARIANTS),
      'maintenance',
      true,
      DATA_VARIANTS,
    );
    expect(next.data).toEqual(['maintenance', 'no-unread']);
    expect(withDataVariant(next, 'maintenance', false, DATA_VARIANTS).data).toEqual(['no-unread']);
  });

  it("faults are read with the URL's own parser, and a bad one says what to write", () => {
    expect(parseFaultsInput(' customer:503, account:timeout ')).toEqual({
      ok: true,
      faults: [
        { endpoint: 'customer', kind: 503 },
        { endpoint: 'account', kind: 'timeout' },
      ],
    });
    expect(parseFaultsInput('')).toEqual({ ok: true, faults: [] });
    expect(parseFaultsInput('customer:999')).toEqual({
      ok: false,
      message: 'Fault "customer:999" needs an HTTP status 200–599, timeout or malformed after the colon.',
    });
    expect(parseFaultsInput('kitchen:500')).toMatchObject({
      ok: false,
      message: expect.stringContaining('Unknown fault endpoint in "kitchen:500"'),
    });
  });
});
