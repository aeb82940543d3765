import { HttpResponse } from 'msw';
import type { ListDto, TransactionAccountDto } from '../../runtime/api/api-types';
import { accountFor, accountsFor } from '../fixtures/accounts';
import { errorResponse, type EndpointResolvers, pathParam } from '../faults';

const CUSTOMER_FILTER = /^customerId eq (\S+)$/;

/** GET /accounts?filter=customerId eq {bac} and GET /accounts/{accountId}?embed=balance (customer-account service). */
export const accountResolvers = {
  accounts: ({ request, scenario }) => {
    const filter = new URL(request.url).searchParams.get('filter') ?? '';
    const match = CUSTOMER_FILTER.exec(filter.trim());
    if (!match) return errorResponse(400, `filter must be "customerId eq {bacNumber}", got "${filter}".`);
    const body: ListDto<TransactionAccountDto> = { data: accountsFor(scenario, match[1]!) };
    return HttpResponse.json(body);
  },
  account: ({ request, params, scenario }) => {
    const accountId = pathParam(params, 'accountId');
    const embed = (new URL(request.url).searchParams.get('embed') ?? '').split(',');
    const account = accountFor(scenario, accountId, embed.includes('balance'));
    return account
      ? HttpResponse.json(account)
      : errorResponse(404, `No account ${accountId} for persona "${scenario.persona}".`);
  },
} satisfies EndpointResolvers;
