/**
 * Wire shapes of the calls in docs/api-calls.md, as the services send them (snake_case where they do).
 * The MSW fixtures (mocks/) are typed against these, so a mock cannot drift from the client.
 * Shapes the services leave open are decided here and listed in docs/api-calls.md#shapes-decided-here.
 */

export interface PersonDto {
  firstName: string;
  lastName: string;
  contactDetails?: { email?: string; phoneNumber?: string };
  personalDetails?: { academicTitleCode?: string };
  additionalFinancialInformation?: {
    sourceOfFunds?: { originOfFunds?: string | null };
    annualIncome?: { code?: string | null };
  };
}

export type DataValidityStatus = 'VALID' | 'EXPIRED' | 'REVALIDATE';

/** GET /customers/{bacNumber}?embed=all-persons,reference-accounts[,data-validity] */
export interface CustomerDto {
  id: string;
  bacNumber: string;
  distributorId: string;
  /** 'Active' for active customers. */
  status: string;
  /** PRIVATE or COMPANY (decided here: the header only reads the derived isCompanyCustomer). */
  customerType: 'PRIVATE' | 'COMPANY';
  /** Pending states (docs/rules.md#customer-data): PENDING_KYC, PENDING_{product}_ACCOUNT_ACTIVATION, UNKNOWN. */
  pendingStates?: string[];
  address?: { countryCode?: string };
  default_address?: { country?: string };
  /** Distribution channel; its preferred locale can force a locale switch (docs/rules.md#forced-locale-switch). */
  distributionChannel?: { id: string; forcedLocale?: string };
  persons?: PersonDto[];
  referenceAccounts?: { iban?: string | null }[];
  dataValidity?: { status: DataValidityStatus };
  taxDetails?: { precedence: number; taxIdentificationNumber?: string; country?: string }[];
}

export type TransactionAccountState =
  'INITIATED' | 'REQUESTED' | 'ACTIVE' | 'CLOSING_IN_PROGRESS' | 'CLOSED' | 'SUSPENDED';

export interface BalanceDto {
  current: number;
  available: number;
  reserved?: number;
}

/** GET /accounts?filter=customerId eq {bac} → { data: TransactionAccountDto[] }; GET /accounts/{id}?embed=balance */
export interface TransactionAccountDto {
  id: string;
  accountNumber: string;
  customerId: string;
  distributorId: string;
  balance?: BalanceDto;
  state: TransactionAccountState;
  iban?: string;
  bic?: string;
  currencyCode?: string;
  referenceAccountId?: string;
  sortCode?: string;
  createdDate?: string;
  lastStateUpdate?: string;
  isMaintenance?: boolean;
}

export interface ListDto<T> {
  data: T[];
}

/** GET /distributors/{distributorId}/cobranding (customer info service) */
export interface CobrandingDto {
  distributor_id: string;
  distributor_logo?: { url: string; alt?: string };
}

/** GET /deposit-types?customer_id= */
export interface DepositTypesDto {
  overnight_account: boolean;
  notice_account: boolean;
  term_deposit: boolean;
}

/** GET /product-types?distributor_id=&distribution_channel_id= */
export interface ProductTypesDto {
  term_product_access: boolean;
  overnight_product_access: boolean;
  notice_product_access: boolean;
}

/** GET /product-management/products?customer_id= (shape decided here, docs/api-calls.md#shapes-decided-here: the customer's deposit products). */
export interface ProductManagementProductDto {
  id: string;
  productType: 'FIXED' | 'FLEX' | 'OVERNIGHT' | 'NOTICE';
}

export type ProductInstanceState =
  'CREATED' | 'ORDERED' | 'ACTIVE' | 'CLOSING_PENDING' | 'CLOSED' | 'REJECTED' | 'REQUESTED' | 'ISSUE_IDENTIFIED';

/** GET /product-instances?customer_domain_id=&pageId= → { data, nextPageId? } */
export interface ProductInstanceDto {
  product_category: 'LIQUID' | 'ILLIQUID';
  state: ProductInstanceState;
  instance_template_domain_id: string;
}

export interface ProductInstancesPageDto {
  data: ProductInstanceDto[];
  nextPageId?: string | null;
}

/** GET /pension/customers/{customerId}/products (German customers only) */
export interface PensionProductsDto {
  data: ('dwm' | 'pension')[];
}

/** GET /threads/unread-count?customer_id= (customer-portal service) */
export interface UnreadCountDto {
  data: number;
}

/** GET /public/users/{userId}/switchable-accounts/{customerId} */
export interface SwitchableAccountDto {
  first_name: string;
  last_name: string;
  customer_id: string;
}

export interface TokenPairDto {
  access_token: string;
  refresh_token: string;
}

/** POST /public/token/refresh and POST /public/users/{userId}/switch-account → { data } */
export interface UmsTokenResponseDto {
  data: TokenPairDto;
}

/** POST /protocol/openid-connect/token (form-encoded) */
export interface OidcTokenResponseDto extends TokenPairDto {
  expires_in?: number;
  refresh_expires_in?: number;
  token_type?: string;
}

/** Claims of the access token the shell reads (exp, iat, azp, plus who is logged in; docs/session.md). */
export interface AccessTokenClaims {
  exp: number;
  iat: number;
  azp: string;
  /** The user id (user-management service). */
  sub: string;
  /** The customer number from the logged-in user record (docs/rules.md#customer-data). */
  customer_number?: string;
}
