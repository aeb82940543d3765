import { Box } from '@chakra-ui/react';
import { useId, useRef } from 'react';
import type { HeaderCustomerModel, HeaderModel } from '../../../resolver/model';
import { focusRingOnLight } from '../../shared/focus-ring';
import { useDismiss } from '../../shared/use-dismiss';
import { AccountPanel } from './AccountPanel';
import { AvatarButton } from './AvatarButton';
import { floatingPanelStyles } from '../../shared/floating-panel';

export interface AccountMenuProps {
  customer: HeaderCustomerModel;
  strings: HeaderModel['strings'];
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  onLogout: () => void;
  onSwitchAccount: (customerId: string) => void;
}

/**
 * The avatar and its dropdown, built as a disclosure like the desktop dropdowns (same closing
 * rules). The panel's content mounts only while open: closing resets the copy confirmation and
 * its timer without any extra bookkeeping.
 */
export function AccountMenu({ customer, strings, open, onToggle, onClose, onLogout, onSwitchAccount }: AccountMenuProps) {
  const panelId = `ps-account-${useId().replace(/:/g, '')}`;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss({ open, insideRefs: [wrapperRef], triggerRef: buttonRef, onDismiss: onClose });

  return (
    // Below md the panel hangs from the header, 1rem from either edge: anchored to the avatar, which sits
    // left of the menu button, a 360 px panel would start left of the screen.
    <Box ref={wrapperRef} position={{ base: 'static', md: 'relative' }} flexShrink={0}>
      <AvatarButton
        ref={buttonRef}
        initials={customer.initials}
        label={strings.accountMenu}
        open={open}
        controls={panelId}
        unreadCount={customer.unreadCount}
        unreadLabel={strings.unreadMessages}
        showUnread={customer.showUnreadMessage}
        onToggle={onToggle}
      />
      <Box
        id={panelId}
        hidden={!open}
        position="absolute"
        left={{ base: '4', md: 'auto' }}
        right={{ base: '4', md: '0' }}
        top={{ base: '100%', md: 'calc(100% + 12px)' }}
        zIndex="dropdown"
        w={{ base: 'auto', md: '360px' }}
        {...floatingPanelStyles}
        maxH="calc(100dvh - 96px)"
        overflowY="auto"
        css={focusRingOnLight}
        animation="slideDown 160ms ease-out"
        data-testid="account-panel"
      >
        {open && <AccountPanel customer={customer} strings={strings} onLogout={onLogout} onSwitchAccount={onSwitchAccount} />}
      </Box>
    </Box>
  );
}
