import type { Ref } from 'react';
import { UnreadBadge } from '../../shared/UnreadBadge';

export interface AvatarButtonProps {
  ref?: Ref<HTMLButtonElement>;
  initials: string;
  /** strings.header.accountMenu: the button's accessible name; the initials are only visual. */
  label: string;
  open: boolean;
  controls: string;
  unreadCount: number;
  unreadLabel: string;
  showUnread: boolean;
  onToggle: () => void;
}

/** The round initials button that opens the account dropdown. Styled by avatar-button.css. */
export function AvatarButton({
  ref,
  initials,
  label,
  open,
  controls,
  unreadCount,
  unreadLabel,
  showUnread,
  onToggle,
}: AvatarButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      className="ps-avatar-button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      data-testid="avatar-button"
    >
      <span aria-hidden="true">{initials}</span>
      <span className="ps-sr-only">{label}</span>
      {showUnread && <UnreadBadge count={unreadCount} labelTemplate={unreadLabel} placement="avatar" />}
    </button>
  );
}
