import { describe, expect, it } from 'vitest';
import type { CustomerDto, ProductInstanceDto, TransactionAccountDto, TransactionAccountState } from '../api/api-types';
import { deriveAccess, isActiveLiquidInstance } from './derive-access';
import { fullName, isPendingActivation, toCustomerView } from './derive-customer';
import { pickAccount, toAccountView } from './pick-account';

const acc = (
  id: string,
  state: TransactionAccountState,
  extra: Partial<TransactionAccountDto> = {},
): TransactionAccountDto => ({ id, accountNumber: id, customerId: 'c', distributorId: 'd', state, ...extra });

describe('account picking', () => {
  it('prefers the first ACTIVE, SUSPENDED, CLOSED or CLOSING_IN_PROGRESS account', () => {
    expect(
      pickAccount([acc('a', 'INITIATED'), acc('b', 'REQUESTED'), acc('c', 'SUSPENDED'), acc('d', 'ACTIVE')])?.id,
    ).toBe('c');
    expect(pickAccount([acc('a', 'REQUESTED'), acc('b', 'CLOSING_IN_PROGRESS')])?.id).toBe('b');
    expect(pickAccount([acc('a', 'INITIATED'), acc('b', 'CLOSED')])?.id).toBe('b');
  });
  it('otherwise the first; none for an empty list', () => {
    expect(pickAccount([acc('a', 'INITIATED'), acc('b', 'REQUESTED')])?.id).toBe('a');
    expect(pickAccount([])).toBeUndefined();
  });
  it('the header account defaults the currency to EUR and keeps the balance', () => {
    expect(toAccountView(acc('a', 'ACTIVE', { balance: { current: 1, available: 2, reserved: 3 } }))).toEqual({
      id: 'a',
      accountNumber: 'a',
      state: 'ACTIVE',
      currencyCode: 'EUR',
      isMaintenance: false,
      balance: { current: 1, available: 2 },
    });
  });
});

describe('customer derivations', () => {
  const dto: CustomerDto = {
    id: 'c1',
    bacNumber: '4711',
    distributorId: 'default',
    status: 'Active',
    customerType: 'PRIVATE',
    address: { countryCode: 'at' },
    persons: [{ firstName: 'Anna', lastName: 'Schmidt', personalDetails: { academicTitleCode: 'DR' } }],
  };
  it('fullName is academic title, first and last name; unknown title codes are dropped', () => {
    expect(fullName(dto.persons![0]!)).toBe('Dr. Anna Schmidt');
    expect(fullName({ firstName: 'A', lastName: 'B', personalDetails: { academicTitleCode: 'XYZ' } })).toBe('A B');
  });
  it('locale from the country; company from the customer type', () => {
    expect(toCustomerView(dto)).toMatchObject({
      locale: 'de-AT',
      isCompanyCustomer: false,
      fullName: 'Dr. Anna Schmidt',
      firstName: 'Anna',
    });
    expect(
      toCustomerView({
        ...dto,
        customerType: 'COMPANY',
        persons: [{ firstName: 'Müller', lastName: 'Logistik GmbH' }],
      }),
    ).toMatchObject({ isCompanyCustomer: true, fullName: 'Müller Logistik GmbH' });
  });
  it('pending activation: PENDING_KYC or PENDING_{product}_ACCOUNT_ACTIVATION, not UNKNOWN', () => {
    expect(isPendingActivation({ ...dto, pendingStates: ['PENDING_KYC'] })).toBe(true);
    expect(isPendingActivation({ ...dto, pendingStates: ['PENDING_NOTICE_ACCOUNT_ACTIVATION'] })).toBe(true);
    expect(isPendingActivation({ ...dto, pendingStates: ['UNKNOWN'] })).toBe(false);
    expect(isPendingActivation(dto)).toBe(false);
  });
});

describe('access flags from the access calls', () => {
  const inst = (
    state: ProductInstanceDto['state'],
    template: string,
    category: ProductInstanceDto['product_category'] = 'LIQUID',
  ): ProductInstanceDto => ({ state, instance_template_domain_id: template, product_category: category });
  it('a LIQUID instance is active unless REJECTED or CLOSED', () => {
    expect(
      ['CREATED', 'ORDERED', 'ACTIVE', 'CLOSING_PENDING', 'REQUESTED', 'ISSUE_IDENTIFIED'].every((s) =>
        isActiveLiquidInstance(inst(s as ProductInstanceDto['state'], 'DWM70')),
      ),
    ).toBe(true);
    expect(isActiveLiquidInstance(inst('REJECTED', 'DWM70'))).toBe(false);
    expect(isActiveLiquidInstance(inst('CLOSED', 'DWM70'))).toBe(false);
    expect(isActiveLiquidInstance(inst('ACTIVE', 'DWM70', 'ILLIQUID'))).toBe(false);
  });
  it('maps each source to its flags', () => {
    const { access, pomProducts } = deriveAccess({
      depositTypes: { overnight_account: true, notice_account: false, term_deposit: true },
      productTypes: { term_product_access: false, overnight_product_access: true, notice_product_access: false },
      products: [
        { id: 'p', productType: 'FLEX' },
        { id: 'q', productType: 'NOTICE' },
      ],
      instances: [inst('ACTIVE', 'DWM50_NL'), inst('CLOSED', 'ROBO50')],
      pension: { data: ['pension'] },
    });
    expect([...access].sort()).toEqual([
      'HAS_FLEX_DEPOSIT_ACCOUNT',
      'HAS_NOTICE_DEPOSIT_ACCOUNT',
      'hasDWMProduct',
      'overnight_account',
      'overnight_product_access',
      'term_deposit',
    ]);
    expect([...pomProducts]).toEqual(['pension']);
  });
  it('a robo template with a live liquid instance gives hasMigratedRobo', () => {
    expect(deriveAccess({ instances: [inst('ORDERED', 'ROBO30')] }).access.has('hasMigratedRobo')).toBe(true);
  });
  it('missing sources (failed or pending calls) give no flags', () => {
    const { access, pomProducts } = deriveAccess({});
    expect(access.size + pomProducts.size).toBe(0);
  });
});
