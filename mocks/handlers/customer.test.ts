// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { CustomerDto } from '../../runtime/api/api-types';
import { customerEmbeds } from '../../runtime/api/get-customer';
import { DATA_VARIANTS, LOCALE_CONFIG_IDS } from '../../schemas/contracts/preview-params';
import { callJson, COMPANY_BAC, PRIVATE_BAC } from '../__fixtures__/calls';
import { LOCALE_FACTS } from '../fixtures/locales';
import { useMockServer } from '../node';
import { DEFAULT_MOCK_SCENARIO, setMockScenario, type MockScenario } from '../scenario';

useMockServer();

const ALL = 'all-persons,reference-accounts,data-validity';
const scenario = (over: Partial<MockScenario> = {}) => setMockScenario({ ...DEFAULT_MOCK_SCENARIO, ...over });
const getCustomer = (bacNumber = PRIVATE_BAC, embed = ALL) =>
  callJson<CustomerDto>('customer', { params: { bacNumber }, query: { embed } });

describe('GET /customers/{bacNumber} per persona', () => {
  it('customer: Dr. Anna Schmidt, private, Active, VALID, reference IBAN, financial information', async () => {
    const { status, body } = await getCustomer();
    expect(status).toBe(200);
    expect(body).toEqual({
      id: 'cus-4711-0815',
      bacNumber: PRIVATE_BAC,
      distributorId: 'default',
      status: 'Active',
      customerType: 'PRIVATE',
      address: { countryCode: 'DE' },
      default_address: { country: 'DE' },
      distributionChannel: { id: 'direct' },
      persons: [
        {
          firstName: 'Anna',
          lastName: 'Schmidt',
          contactDetails: { email: 'anna.schmidt@example.org', phoneNumber: '+49 30 1234567' },
          personalDetails: { academicTitleCode: 'DR' },
          additionalFinancialInformation: {
            sourceOfFunds: { originOfFunds: 'SALARY' },
            annualIncome: { code: 'FROM_50K_TO_100K' },
          },
        },
      ],
      referenceAccounts: [{ iban: 'DE89370400440532013000' }],
      dataValidity: { status: 'VALID' },
      taxDetails: [{ precedence: 0, country: 'DE', taxIdentificationNumber: 'TIN-4711-0815' }],
    });
  });

  it.each(LOCALE_CONFIG_IDS)('customer in %s: country and reference IBAN of the locale', async (locale) => {
    scenario({ locale });
    const { body } = await getCustomer();
    const facts = LOCALE_FACTS[locale]!;
    expect(body.address).toEqual({ countryCode: facts.country });
    expect(body.referenceAccounts).toEqual([{ iban: facts.iban ?? 'DE89370400440532013000' }]);
  });

  it('company: Müller Logistik GmbH, COMPANY, with its own customer number', async () => {
    scenario({ persona: 'company', locale: 'en-GB' });
    const { body } = await getCustomer(COMPANY_BAC);
    expect(body).toMatchObject({
      bacNumber: COMPANY_BAC,
      customerType: 'COMPANY',
      status: 'Active',
      persons: [{ firstName: 'Müller', lastName: 'Logistik GmbH' }],
    });
    // A UK company is not sent to the financial-information page: its person carries both answers.
    expect(body.persons![0]!.additionalFinancialInformation).toEqual({
      sourceOfFunds: { originOfFunds: 'SALARY' },
      annualIncome: { code: 'FROM_50K_TO_100K' },
    });
    expect((await getCustomer(PRIVATE_BAC)).status).toBe(404);
  });

  it('pending: PENDING_OVERNIGHT_ACCOUNT_ACTIVATION', async () => {
    scenario({ persona: 'pending' });
    expect((await getCustomer()).body).toMatchObject({
      status: 'Active',
      customerType: 'PRIVATE',
      pendingStates: ['PENDING_OVERNIGHT_ACCOUNT_ACTIVATION'],
    });
  });

  it.each(['no-customer-data', 'visitor', 'partner-visitor'] as const)('%s: 404', async (persona) => {
    scenario({ persona });
    const { status, body } = await getCustomer();
    expect(status).toBe(404);
    expect(body).toEqual({ error: `No customer ${PRIVATE_BAC} for persona "${persona}".` });
  });

  it('an unknown customer number: 404', async () => {
    expect((await getCustomer('0000-0000')).status).toBe(404);
  });
});

describe('data variants on the customer', () => {
  it('missing-iban: referenceAccounts [{ iban: null }]', async () => {
    scenario({ data: ['missing-iban'] });
    expect((await getCustomer()).body.referenceAccounts).toEqual([{ iban: null }]);
  });

  it('uk-missing-financial-info: country GB, no origin of funds, annual income kept', async () => {
    scenario({ data: ['uk-missing-financial-info'] });
    const { body } = await getCustomer();
    expect(body.address).toEqual({ countryCode: 'GB' });
    expect(body.persons![0]!.additionalFinancialInformation).toEqual({ annualIncome: { code: 'FROM_50K_TO_100K' } });
  });

  it('cdvc-expired: data validity EXPIRED', async () => {
    scenario({ data: ['cdvc-expired'] });
    expect((await getCustomer()).body.dataValidity).toEqual({ status: 'EXPIRED' });
  });

  it('finance-knowledge-hidden: distributor partner-co-brand', async () => {
    scenario({ data: ['finance-knowledge-hidden'] });
    expect((await getCustomer()).body.distributorId).toBe('partner-co-brand');
  });

  it('restricted: status Restricted', async () => {
    scenario({ data: ['restricted'] });
    expect((await getCustomer()).body.status).toBe('Restricted');
  });

  it('switchable-accounts: the switch targets have customer records too', async () => {
    expect((await getCustomer('4712-0816')).status).toBe(404);
    scenario({ data: ['switchable-accounts'] });
    expect((await getCustomer('4712-0816')).body).toMatchObject({
      id: 'cus-4712-0816',
      customerType: 'PRIVATE',
      persons: [{ firstName: 'Anna', lastName: 'Schmidt (Gemeinschaftskonto)' }],
    });
    expect((await getCustomer('9002-2025')).body).toMatchObject({
      customerType: 'COMPANY',
      persons: [{ firstName: 'Schmidt', lastName: 'Consulting GmbH' }],
    });
  });

  it('variants that do not touch the customer leave it as the persona has it', async () => {
    const plain = (await getCustomer()).body;
    scenario({ data: ['maintenance', 'balance-error', 'switchable-accounts', 'no-unread'] });
    expect((await getCustomer()).body).toEqual(plain);
  });

  it('every variant at once combines', async () => {
    scenario({ data: [...DATA_VARIANTS] });
    expect((await getCustomer()).body).toMatchObject({
      status: 'Restricted',
      distributorId: 'partner-co-brand',
      address: { countryCode: 'GB' },
      referenceAccounts: [{ iban: null }],
      dataValidity: { status: 'EXPIRED' },
    });
  });
});

describe('embeds', () => {
  it('answer only what embed asks for: the UK call has no data validity', async () => {
    scenario({ locale: 'en-GB' });
    const { body } = await getCustomer(PRIVATE_BAC, customerEmbeds('en-GB'));
    expect(body.referenceAccounts).toBeDefined();
    expect(body).not.toHaveProperty('dataValidity');
  });

  it('without embed: no reference accounts or validity, only the first person', async () => {
    const { body } = await callJson<CustomerDto>('customer', { query: {} });
    expect(body).not.toHaveProperty('referenceAccounts');
    expect(body).not.toHaveProperty('dataValidity');
    expect(body.persons).toHaveLength(1);
  });
});
