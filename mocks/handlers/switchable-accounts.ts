import { HttpResponse } from 'msw';
import { SWITCHABLE_ACCOUNTS } from '../fixtures/customers';
import { mintTokenPair } from '../fixtures/tokens';
import { mockEndpoint } from '../faults';

export const switchableAccountHandlers = [
  mockEndpoint('switchable-accounts', ({ scenario }) => HttpResponse.json(scenario.data.includes('switchable-accounts') ? SWITCHABLE_ACCOUNTS : [])),
  mockEndpoint('switch-account', async ({ request, scenario }) => {
    const body = (await request.json().catch(() => null)) as { customer_id?: unknown } | null;
    const target = typeof body?.customer_id === 'string' ? body.customer_id : undefined;
    if (!target || !SWITCHABLE_ACCOUNTS.some((a) => a.customer_id === target)) return HttpResponse.json({ error: 'customer_id must be one of the switchable accounts' }, { status: 400 });
    return HttpResponse.json({ data: mintTokenPair(target, scenario.token) });
  }),
];
