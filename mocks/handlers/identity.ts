import { jwtDecode } from 'jwt-decode';
import type { AccessTokenClaims } from '../../runtime/api/api-types';
import { customerNumberFor } from '../fixtures/customers';
import type { MockScenario } from '../scenario';

/** The customer number of the bearer token, else the scenario persona's (the mocks do not enforce auth). */
export function requestCustomerNumber(request: Request, scenario: MockScenario): string {
  const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
  if (token) {
    try {
      const claims = jwtDecode<Partial<AccessTokenClaims>>(token);
      if (claims.customer_number) return claims.customer_number;
    } catch {
      // fall through to the scenario's customer
    }
  }
  return customerNumberFor(scenario);
}
