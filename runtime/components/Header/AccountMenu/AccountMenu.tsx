import { useId, useRef } from 'react';
import type { HeaderCustomerModel, HeaderModel } from '../../../resolver';
import { useDismiss } from '../../shared/use-dismiss';
import { slideDown } from '../../shared/slide-down';
import { AccountPanel } from './AccountPanel';
import { AvatarButton } from './AvatarButton';

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
 * its timer without any extra bookkeeping. Styled by account-menu.css.
 */
export function AccountMenu({
  customer,
  strings,
  open,
  onToggle,
  onClose,
  onLogout,
  onSwitchAccount,
}: AccountMenuProps) {
  const panelId = `ps-account-${useId().replace(/:/g, '')}`;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss({ open, insideRefs: [wrapperRef], triggerRef: buttonRef, onDismiss: onClose });

  return (
    <div ref={wrapperRef} className="ps-account-menu">
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
      <div
        id={panelId}
        hidden={!open}
        className="ps-floating-panel ps-floating-panel--on-light ps-account-menu__panel"
        style={slideDown(160)}
        data-testid="account-panel"
      >
        {open && (
          <AccountPanel customer={customer} strings={strings} onLogout={onLogout} onSwitchAccount={onSwitchAccount} />
        )}
      </div>
    </div>
  );
}
