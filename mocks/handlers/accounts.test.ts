// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ListDto, TransactionAccountDto } from '../../runtime/api/api-types';
import { LOCALE_CONFIG_IDS, PERSONAS } from '../../schemas/contracts/preview-params';
import { callJson, COMPANY_BAC, PRIVATE_BAC } from '../__fixtures__/calls';
import { LOCALE_FACTS } from '../fixtures/locales';
import { useMockServer } from '../node';
import { DEFAULT_MOCK_SCENARIO, setMockScenario, type MockScenario } from '../scenario';

useMockServer();

const scenario = (over: Partial<MockScenario> = {}) => setMockScenario({ ...DEFAULT_MOCK_SCENARIO, ...over });
const list = async (bac = PRIVATE_BAC) =>
  (await callJson<ListDto<TransactionAccountDto>>('accounts', { query: { filter: `customerId eq ${bac}` } })).body.data;
/** embed null: the call without the embed parameter. */
const account = (accountId = 'acc-1001', embed: string | null = 'balance') =>
  callJson<TransactionAccountDto>('account', { params: { accountId }, query: embed === null ? {} : { embed } });

describe('GET /accounts?filter=customerId eq {bac}', () => {
  it('one ACTIVE account without balance', async () => {
    expect(await list()).toEqual([
      {
        id: 'acc-1001',
        accountNumber: 'DE89370400440532013000',
        customerId: PRIVATE_BAC,
        distributorId: 'default',
        state: 'ACTIVE',
        iban: 'DE89370400440532013000',
        bic: 'MOCKDE22XXX',
        currencyCode: 'EUR',
        referenceAccountId: 'ref-4711-0815',
        createdDate: '2024-03-01T09:30:00Z',
        lastStateUpdate: '2024-03-02T08:00:00Z',
        isMaintenance: false,
      },
    ]);
  });

  it.each(LOCALE_CONFIG_IDS)('%s: IBAN, sort code and currency of the locale', async (locale) => {
    scenario({ locale });
    const [acc] = await list();
    const facts = LOCALE_FACTS[locale]!;
    expect(acc).toMatchObject({ currencyCode: facts.currency, accountNumber: facts.iban ?? '000123456789' });
    expect(acc!.iban).toBe(facts.iban);
    expect(acc!.sortCode).toBe(facts.sortCode);
  });

  it('currencies: CHF, GBP, USD, PLN, else EUR', async () => {
    const currencies: Record<string, string> = {};
    for (const locale of LOCALE_CONFIG_IDS) {
      scenario({ locale });
      currencies[locale] = (await list())[0]!.currencyCode!;
    }
    expect(Object.entries(currencies).filter(([, c]) => c !== 'EUR')).toEqual([
      ['de-CH', 'CHF'],
      ['en-GB', 'GBP'],
      ['en-US', 'USD'],
      ['pl-PL', 'PLN'],
    ]);
  });

  it.each(PERSONAS)('%s', async (persona) => {
    scenario({ persona });
    const accounts = await list(persona === 'company' ? COMPANY_BAC : PRIVATE_BAC);
    expect(accounts.map((a) => a.id)).toEqual(['customer', 'company', 'pending'].includes(persona) ? ['acc-1001'] : []);
  });

  it('an unknown customer has no accounts', async () => {
    expect(await list('0000-0000')).toEqual([]);
  });

  it('refuses a call without the customer filter', async () => {
    const { status, body } = await callJson('accounts', { query: {} });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'filter must be "customerId eq {bacNumber}", got "".' });
  });

  it('finance-knowledge-hidden gives the account the partner distributor too', async () => {
    scenario({ data: ['finance-knowledge-hidden'] });
    expect((await list())[0]!.distributorId).toBe('partner-co-brand');
  });
});

describe('GET /accounts/{accountId}?embed=balance', () => {
  it.each([
    ['customer', PRIVATE_BAC, { current: 25430.18, available: 24930.18 }],
    ['company', COMPANY_BAC, { current: 1_250_000, available: 1_180_000 }],
    ['pending', PRIVATE_BAC, { current: 5000, available: 0 }],
  ] as const)('%s: the account with its balance', async (persona, bac, balance) => {
    scenario({ persona });
    const { status, body } = await account();
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 'acc-1001', customerId: bac, state: 'ACTIVE', balance });
  });

  it('the balance only when embed asks for it', async () => {
    expect((await account('acc-1001', null)).body).not.toHaveProperty('balance');
  });

  it('maintenance: isMaintenance true, in the list and on the account', async () => {
    scenario({ data: ['maintenance'] });
    expect((await list())[0]!.isMaintenance).toBe(true);
    expect((await account()).body).toMatchObject({ isMaintenance: true, balance: { current: 25430.18 } });
  });

  it('balance-error: the account answers without balance', async () => {
    scenario({ data: ['balance-error'] });
    const { status, body } = await account();
    expect(status).toBe(200);
    expect(body.id).toBe('acc-1001');
    expect(body).not.toHaveProperty('balance');
  });

  it('an unknown account, and any account for no-customer-data: 404', async () => {
    expect((await account('acc-9999')).status).toBe(404);
    scenario({ persona: 'no-customer-data' });
    expect((await account()).status).toBe(404);
  });

  it('switchable-accounts: each switch target has its own account and balance', async () => {
    scenario({ data: ['switchable-accounts'] });
    expect((await list('4712-0816')).map((a) => a.id)).toEqual(['acc-1002']);
    expect((await account('acc-1003')).body).toMatchObject({
      customerId: '9002-2025',
      balance: { current: 310_000, available: 295_500 },
    });
  });
});
