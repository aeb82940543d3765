import { Box, chakra } from '@chakra-ui/react';
import type { HeaderCustomerModel, HeaderModel } from '../../../resolver';
import { Glyph } from '../../shared/Glyph';
import { ShellLink } from '../../shared/ShellLink';
import { itemLinkStyles } from '../HeaderItem/item-styles';
import { AccountIdentifiers } from './AccountIdentifiers';
import { AccountSwitchList } from './AccountSwitchList';
import { BalancePanel } from './BalancePanel';
import { menuRowStyles } from '../../shared/menu-row';

export interface AccountPanelProps {
  customer: HeaderCustomerModel;
  strings: HeaderModel['strings'];
  onLogout: () => void;
  onSwitchAccount: (customerId: string) => void;
}

// Sections are separated by a rule; horizontal padding is set per section (lists need less).
const sectionStyles = { py: '3', _notFirst: { borderTopWidth: '1px', borderColor: 'border' } } as const;

/** Content of the open account dropdown, top to bottom: who, identifiers, balance, links, switch, logout. */
export function AccountPanel({ customer, strings, onLogout, onSwitchAccount }: AccountPanelProps) {
  const { accountMenu } = customer;
  return (
    <>
      <Box css={sectionStyles} px="4">
        {/* The full name only: the display name (first and last name, or the company's name) is part of it. */}
        <chakra.p fontWeight="bold" fontSize="lg" data-testid="customer-name">
          {customer.fullName}
        </chakra.p>
      </Box>
      {customer.identifiers.length > 0 && (
        <Box css={sectionStyles} px="4">
          <AccountIdentifiers identifiers={customer.identifiers} copyLabel={strings.copy} copiedLabel={strings.copied} />
        </Box>
      )}
      {customer.balance && (
        <Box css={sectionStyles} px="4">
          <BalancePanel balance={customer.balance} />
        </Box>
      )}
      {accountMenu.items.length > 0 && (
        <Box css={sectionStyles} px="2">
          <ul>
            {accountMenu.items.map((item) => (
              <li key={item.id}>
                <ShellLink link={item.link} css={itemLinkStyles} alignItems="center">
                  {item.icon && <Glyph name={item.icon} tone="accent" />}
                  {item.title}
                </ShellLink>
              </li>
            ))}
          </ul>
        </Box>
      )}
      {accountMenu.accountSwitch && (
        <Box css={sectionStyles} px="2">
          <AccountSwitchList accountSwitch={accountMenu.accountSwitch} onSwitchAccount={onSwitchAccount} />
        </Box>
      )}
      <Box css={sectionStyles} px="2">
        <chakra.button
          type="button"
          {...menuRowStyles}
          py="2"
          fontWeight="semibold"
          color="fg"
          onClick={onLogout}
        >
          <Glyph name="logout" tone="accent" />
          {strings.logout}
        </chakra.button>
      </Box>
    </>
  );
}
