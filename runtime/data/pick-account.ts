import type { TransactionAccountDto, TransactionAccountState } from '../api/api-types';
import type { AccountView } from '../resolver';

/** docs/rules.md#account-choice: an account in one of these states is preferred; otherwise the first one. */
const PREFERRED: readonly TransactionAccountState[] = ['ACTIVE', 'SUSPENDED', 'CLOSED', 'CLOSING_IN_PROGRESS'];

export function pickAccount(accounts: readonly TransactionAccountDto[]): TransactionAccountDto | undefined {
  return accounts.find((a) => PREFERRED.includes(a.state)) ?? accounts[0];
}

/** The bank account the header shows; its currency defaults to EUR (docs/rules.md#account-choice). */
export function toAccountView(dto: TransactionAccountDto): AccountView {
  return {
    id: dto.id,
    accountNumber: dto.accountNumber,
    ...(dto.iban ? { iban: dto.iban } : {}),
    ...(dto.sortCode ? { sortCode: dto.sortCode } : {}),
    state: dto.state,
    currencyCode: dto.currencyCode || 'EUR',
    isMaintenance: !!dto.isMaintenance,
    ...(dto.balance ? { balance: { current: dto.balance.current, available: dto.balance.available } } : {}),
  };
}
