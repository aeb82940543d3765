/** The customer-access context (docs/rules.md#access-wrapper). */
export interface AccessContext {
  canAccess: boolean;
  isAuthRequired: boolean;
  isBypassContext: boolean;
  isLoggedIn: boolean;
  customerId: string | undefined;
}

/**
 * docs/rules.md#access-wrapper: access is granted when a logged-in customer id is found, or the context
 * is a bypass context, or the page does not require auth. Defaults: isAuthRequired false, isBypassContext true.
 */
export function decideAccess(input: {
  isAuthRequired?: boolean;
  isBypassContext?: boolean;
  customerId: string | undefined;
}): AccessContext {
  const isAuthRequired = input.isAuthRequired ?? false;
  const isBypassContext = input.isBypassContext ?? true;
  const isLoggedIn = !!input.customerId;
  return {
    canAccess: isLoggedIn || isBypassContext || !isAuthRequired,
    isAuthRequired,
    isBypassContext,
    isLoggedIn,
    customerId: input.customerId,
  };
}
