import { useId } from 'react';
import type { ResolvedAccountMenu } from '../../../resolver';
import { Glyph } from '../../shared/Glyph';

export interface AccountSwitchListProps {
  accountSwitch: NonNullable<ResolvedAccountMenu['accountSwitch']>;
  onSwitchAccount: (customerId: string) => void;
}

/** Other customers this user may act for (behind a feature flag); choosing one switches by customerId. Styled by account-switch.css. */
export function AccountSwitchList({ accountSwitch, onSwitchAccount }: AccountSwitchListProps) {
  const titleId = useId();
  if (accountSwitch.accounts.length === 0) return null;
  return (
    <div className="ps-account-switch">
      <p id={titleId} className="ps-account-switch__title">
        {accountSwitch.title}
      </p>
      <ul aria-labelledby={titleId}>
        {accountSwitch.accounts.map((account) => (
          <li key={account.customerId}>
            <button
              type="button"
              className="ps-menu-row ps-account-switch__account"
              onClick={() => onSwitchAccount(account.customerId)}
            >
              <Glyph name="switch" tone="accent" />
              {account.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
