import type { HeaderCustomerModel, HeaderModel } from '../../../resolver';
import { Glyph } from '../../shared/Glyph';
import { ShellLink } from '../../shared/ShellLink';
import { AccountIdentifiers } from './AccountIdentifiers';
import { AccountSwitchList } from './AccountSwitchList';
import { BalancePanel } from './BalancePanel';

export interface AccountPanelProps {
  customer: HeaderCustomerModel;
  strings: HeaderModel['strings'];
  onLogout: () => void;
  onSwitchAccount: (customerId: string) => void;
}

/**
 * Content of the open account dropdown, top to bottom: who, identifiers, balance, links, switch, logout.
 * Everything above logout is one scrolling body; logout sits below it, so it is on screen however long the
 * lists get (docs/rules.md#account-menu). Styled by account-panel.css.
 */
export function AccountPanel({ customer, strings, onLogout, onSwitchAccount }: AccountPanelProps) {
  const { accountMenu } = customer;
  return (
    <>
      <div className="ps-account-panel__body" data-testid="account-panel-body">
        <div className="ps-account-panel__section">
          {/* The full name only: the display name (first and last name, or the company's name) is part of it. */}
          <p className="ps-account-panel__name" data-testid="customer-name">
            {customer.fullName}
          </p>
        </div>
        {customer.identifiers.length > 0 && (
          <div className="ps-account-panel__section">
            <AccountIdentifiers
              identifiers={customer.identifiers}
              copyLabel={strings.copy}
              copiedLabel={strings.copied}
            />
          </div>
        )}
        {customer.balance && (
          <div className="ps-account-panel__section">
            <BalancePanel balance={customer.balance} />
          </div>
        )}
        {accountMenu.items.length > 0 && (
          <div className="ps-account-panel__section ps-account-panel__section--list">
            <ul>
              {accountMenu.items.map((item) => (
                <li key={item.id}>
                  <ShellLink link={item.link} className="ps-menu-row ps-account-panel__link">
                    {item.icon && <Glyph name={item.icon} tone="accent" />}
                    {item.title}
                  </ShellLink>
                </li>
              ))}
            </ul>
          </div>
        )}
        {accountMenu.accountSwitch && (
          <div className="ps-account-panel__section ps-account-panel__section--list">
            <AccountSwitchList accountSwitch={accountMenu.accountSwitch} onSwitchAccount={onSwitchAccount} />
          </div>
        )}
      </div>
      <div className="ps-account-panel__section ps-account-panel__section--list ps-account-panel__foot">
        <button type="button" className="ps-menu-row ps-account-panel__logout" onClick={onLogout}>
          <Glyph name="logout" tone="accent" />
          {strings.logout}
        </button>
      </div>
    </>
  );
}
