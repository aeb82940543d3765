import { HttpResponse } from 'msw';
import { accountsFor, accountWithBalance } from '../fixtures/accounts';
import { mockEndpoint } from '../faults';
import { requestCustomerNumber } from './identity';

export const accountHandlers = [
  mockEndpoint('accounts', ({ request, scenario }) => {
    const filter = new URL(request.url).searchParams.get('filter') ?? '';
    const match = /^customerId eq (.+)$/.exec(filter);
    if (!match) return HttpResponse.json({ error: 'filter=customerId eq {bac} is required' }, { status: 400 });
    return HttpResponse.json({ data: accountsFor(scenario, match[1]!) });
  }),
  mockEndpoint('account', ({ request, params, scenario }) => {
    const account = accountWithBalance(scenario, String(params.accountId), requestCustomerNumber(request, scenario));
    return account ? HttpResponse.json(account) : HttpResponse.json({ error: 'account not found' }, { status: 404 });
  }),
];
