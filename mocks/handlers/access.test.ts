// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type {
  DepositTypesDto,
  ListDto,
  PensionProductsDto,
  ProductInstanceDto,
  ProductInstancesPageDto,
  ProductManagementProductDto,
  ProductTypesDto,
} from '../../runtime/api/api-types';
import { ACCESS_IDS, LOCALE_CONFIG_IDS, PERSONAS } from '../../schemas/contracts/preview-params';
import { call, callJson } from '../__fixtures__/calls';
import { SECOND_PAGE_ID } from '../fixtures/access';
import { LOCALE_FACTS } from '../fixtures/locales';
import { useMockServer } from '../node';
import { DEFAULT_MOCK_SCENARIO, setMockScenario, type MockScenario } from '../scenario';

useMockServer();

const scenario = (over: Partial<MockScenario> = {}) => setMockScenario({ ...DEFAULT_MOCK_SCENARIO, ...over });

/** Every page of product instances, following nextPageId as the client does; also returns the page count. */
async function allInstances(
  customerDomainId = 'cus-4711-0815',
): Promise<{ pages: ProductInstancesPageDto[]; templates: string[] }> {
  const pages: ProductInstancesPageDto[] = [];
  let pageId: string | undefined;
  do {
    const { status, body } = await callJson<ProductInstancesPageDto>('product-instances', {
      query: { customer_domain_id: customerDomainId, pageId },
    });
    expect(status).toBe(200);
    pages.push(body);
    pageId = body.nextPageId ?? undefined;
  } while (pageId && pages.length < 5);
  return {
    pages,
    templates: pages
      .flatMap((p) => p.data)
      .map((i: ProductInstanceDto) => `${i.instance_template_domain_id}:${i.product_category}:${i.state}`),
  };
}

async function accessAnswers(customerId = 'cus-4711-0815') {
  const deposit = (await callJson<DepositTypesDto>('deposit-types')).body;
  const types = (await callJson<ProductTypesDto>('product-types')).body;
  const products = (await callJson<ListDto<ProductManagementProductDto>>('products')).body.data.map(
    (p) => p.productType,
  );
  const pension = await callJson<PensionProductsDto>('pension-products', { params: { customerId } });
  return { deposit, types, products, pension };
}

const ALL_DEPOSIT = { overnight_account: true, notice_account: true, term_deposit: true };
const ALL_TYPES = { term_product_access: true, overnight_product_access: true, notice_product_access: true };
const NO_DEPOSIT = { overnight_account: false, notice_account: false, term_deposit: false };
const NO_TYPES = { term_product_access: false, overnight_product_access: false, notice_product_access: false };

describe('persona defaults', () => {
  it.each(['customer', 'company'] as const)('%s: every deposit access, no DWM, robo or pension', async (persona) => {
    scenario({ persona });
    const customerId = persona === 'company' ? 'cus-9001-2024' : 'cus-4711-0815';
    const { deposit, types, products, pension } = await accessAnswers(customerId);
    expect(deposit).toEqual(ALL_DEPOSIT);
    expect(types).toEqual(ALL_TYPES);
    expect(products).toEqual(['FIXED', 'FLEX', 'OVERNIGHT', 'NOTICE']);
    expect(pension).toEqual({ status: 200, body: { data: [] } });
    // Only a non-liquid and a closed liquid instance: neither counts for DWM or robo.
    expect((await allInstances(customerId)).templates).toEqual(['FIXED12M:ILLIQUID:ACTIVE', 'DWM30:LIQUID:CLOSED']);
  });

  it.each(['pending', 'no-customer-data', 'visitor', 'partner-visitor'] as const)(
    '%s: no access at all',
    async (persona) => {
      scenario({ persona });
      const { deposit, types, products } = await accessAnswers();
      expect(deposit).toEqual(NO_DEPOSIT);
      expect(types).toEqual(NO_TYPES);
      expect(products).toEqual([]);
      expect((await allInstances()).templates).toEqual([]);
    },
  );

  it('covers every persona', () => {
    expect([...PERSONAS].sort()).toEqual([
      'company',
      'customer',
      'no-customer-data',
      'partner-visitor',
      'pending',
      'visitor',
    ]);
  });
});

describe('access= replaces the defaults', () => {
  it('access=none (empty list): nothing', async () => {
    scenario({ access: [] });
    const { deposit, types, products, pension } = await accessAnswers();
    expect({ deposit, types, products, pension: pension.body }).toEqual({
      deposit: NO_DEPOSIT,
      types: NO_TYPES,
      products: [],
      pension: { data: [] },
    });
  });

  it('each id lands in exactly its own answer', async () => {
    const expectations: Record<string, (a: Awaited<ReturnType<typeof accessAnswers>>, templates: string[]) => void> = {
      HAS_FIXED_DEPOSIT_ACCOUNT: (a) => expect(a.products).toEqual(['FIXED']),
      HAS_FLEX_DEPOSIT_ACCOUNT: (a) => expect(a.products).toEqual(['FLEX']),
      HAS_OVERNIGHT_DEPOSIT_ACCOUNT: (a) => expect(a.products).toEqual(['OVERNIGHT']),
      HAS_NOTICE_DEPOSIT_ACCOUNT: (a) => expect(a.products).toEqual(['NOTICE']),
      term_product_access: (a) => expect(a.types).toEqual({ ...NO_TYPES, term_product_access: true }),
      overnight_product_access: (a) => expect(a.types).toEqual({ ...NO_TYPES, overnight_product_access: true }),
      notice_product_access: (a) => expect(a.types).toEqual({ ...NO_TYPES, notice_product_access: true }),
      overnight_account: (a) => expect(a.deposit).toEqual({ ...NO_DEPOSIT, overnight_account: true }),
      notice_account: (a) => expect(a.deposit).toEqual({ ...NO_DEPOSIT, notice_account: true }),
      term_deposit: (a) => expect(a.deposit).toEqual({ ...NO_DEPOSIT, term_deposit: true }),
      hasDWMProduct: (_, t) =>
        expect(t).toEqual(['FIXED12M:ILLIQUID:ACTIVE', 'DWM70:LIQUID:ACTIVE', 'DWM30:LIQUID:CLOSED']),
      hasMigratedRobo: (_, t) =>
        expect(t).toEqual(['FIXED12M:ILLIQUID:ACTIVE', 'ROBO50:LIQUID:ACTIVE', 'DWM30:LIQUID:CLOSED']),
      dwm: (a) => expect(a.pension.body).toEqual({ data: ['dwm'] }),
      pension: (a) => expect(a.pension.body).toEqual({ data: ['pension'] }),
    };
    expect(Object.keys(expectations).sort()).toEqual([...ACCESS_IDS].sort());
    for (const id of ACCESS_IDS) {
      scenario({ access: [id] });
      const answers = await accessAnswers();
      const { templates } = await allInstances();
      expectations[id]!(answers, templates);
      // and nothing else switched on
      const on =
        [...Object.values(answers.deposit), ...Object.values(answers.types)].filter(Boolean).length +
        answers.products.length +
        answers.pension.body.data.length;
      expect(on).toBe(['hasDWMProduct', 'hasMigratedRobo'].includes(id) ? 0 : 1);
    }
  });

  it('applies to pending too (which has no instances of its own)', async () => {
    scenario({ persona: 'pending', access: ['overnight_account', 'hasDWMProduct'] });
    const { deposit } = await accessAnswers();
    expect(deposit).toEqual({ ...NO_DEPOSIT, overnight_account: true });
    expect((await allInstances()).templates).toEqual(['DWM70:LIQUID:ACTIVE']);
  });
});

describe('GET /product-instances paging', () => {
  it('pages of two: four instances give two pages, nextPageId on the first only', async () => {
    scenario({ access: ['hasDWMProduct', 'hasMigratedRobo'] });
    const { pages, templates } = await allInstances();
    expect(pages.map((p) => [p.data.length, p.nextPageId])).toEqual([
      [2, SECOND_PAGE_ID],
      [2, null],
    ]);
    expect(templates).toEqual([
      'FIXED12M:ILLIQUID:ACTIVE',
      'DWM70:LIQUID:ACTIVE',
      'ROBO50:LIQUID:ACTIVE',
      'DWM30:LIQUID:CLOSED',
    ]);
  });

  it('one page for a single instance', async () => {
    scenario({ persona: 'pending', access: ['hasMigratedRobo'] });
    expect((await allInstances()).pages).toEqual([
      {
        data: [{ product_category: 'LIQUID', state: 'ACTIVE', instance_template_domain_id: 'ROBO50' }],
        nextPageId: null,
      },
    ]);
  });

  it('an unknown customer domain id has no instances', async () => {
    expect((await allInstances('cus-0000')).pages).toEqual([{ data: [], nextPageId: null }]);
  });

  it('refuses an unknown pageId and a missing customer_domain_id', async () => {
    expect(
      await callJson('product-instances', { query: { customer_domain_id: 'cus-4711-0815', pageId: 'page-99' } }),
    ).toEqual({ status: 400, body: { error: 'Unknown pageId "page-99".' } });
    expect((await call('product-instances', { query: {} })).status).toBe(400);
  });
});

describe('GET /pension/customers/{customerId}/products', () => {
  it.each(LOCALE_CONFIG_IDS)('%s: answers only for German customers', async (locale) => {
    scenario({ locale, access: ['dwm', 'pension'] });
    const { status, body } = await callJson<PensionProductsDto>('pension-products');
    if (LOCALE_FACTS[locale]!.country === 'DE')
      expect({ status, body }).toEqual({ status: 200, body: { data: ['dwm', 'pension'] } });
    else expect(status).toBe(404);
  });

  it('a German customer sent to the UK by uk-missing-financial-info is no longer German', async () => {
    scenario({ data: ['uk-missing-financial-info'], access: ['pension'] });
    expect((await callJson('pension-products')).status).toBe(404);
  });

  it('an unknown customer id: 404', async () => {
    expect((await callJson('pension-products', { params: { customerId: 'cus-0000' } })).status).toBe(404);
  });
});

describe('required query parameters', () => {
  it.each([
    ['deposit-types', 'customer_id'],
    ['product-types', 'distributor_id, distribution_channel_id'],
    ['products', 'customer_id'],
  ] as const)('%s without %s: 400', async (id, names) => {
    const { status, body } = await callJson<{ error: string }>(id, { query: {} });
    expect(status).toBe(400);
    expect(body.error).toContain(names);
  });
});
