import { chakra } from '@chakra-ui/react';
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

/** The round initials button that opens the account dropdown. */
export function AvatarButton({ ref, initials, label, open, controls, unreadCount, unreadLabel, showUnread, onToggle }: AvatarButtonProps) {
  return (
    <chakra.button
      ref={ref}
      type="button"
      position="relative"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      w="40px"
      h="40px"
      flexShrink={0}
      rounded="full"
      bg="navy.900"
      color="white"
      fontWeight="bold"
      fontSize="sm"
      letterSpacing="0.02em"
      transition="shadow"
      _hover={{ boxShadow: '0 0 0 3px var(--ps-colors-teal-100)' }}
      _expanded={{ boxShadow: '0 0 0 3px var(--ps-colors-teal-100)' }}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      data-testid="avatar-button"
    >
      <span aria-hidden="true">{initials}</span>
      <chakra.span srOnly>{label}</chakra.span>
      {showUnread && (
        <UnreadBadge count={unreadCount} labelTemplate={unreadLabel} position="absolute" top="-6px" right="-8px" borderWidth="2px" borderColor="bg" />
      )}
    </chakra.button>
  );
}
