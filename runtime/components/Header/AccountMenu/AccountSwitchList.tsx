import { Box, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import type { ResolvedAccountMenu } from '../../../resolver';
import { Glyph } from '../../shared/Glyph';
import { menuRowStyles } from '../../shared/menu-row';

export interface AccountSwitchListProps {
  accountSwitch: NonNullable<ResolvedAccountMenu['accountSwitch']>;
  onSwitchAccount: (customerId: string) => void;
}

/** Other customers this user may act for (behind a feature flag); choosing one switches by customerId. */
export function AccountSwitchList({ accountSwitch, onSwitchAccount }: AccountSwitchListProps) {
  const titleId = useId();
  if (accountSwitch.accounts.length === 0) return null;
  return (
    <Box>
      <chakra.p id={titleId} px="3" pb="1" fontSize="xs" fontWeight="bold" color="fg.muted" textTransform="uppercase" letterSpacing="0.06em">
        {accountSwitch.title}
      </chakra.p>
      <ul aria-labelledby={titleId}>
        {accountSwitch.accounts.map((account) => (
          <li key={account.customerId}>
            <chakra.button
              type="button"
              {...menuRowStyles}
              py="2"
              textAlign="start"
              onClick={() => onSwitchAccount(account.customerId)}
            >
              <Glyph name="switch" tone="accent" />
              {account.name}
            </chakra.button>
          </li>
        ))}
      </ul>
    </Box>
  );
}
