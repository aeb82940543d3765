import type { ResolvedActionItem } from '../../resolver';
import { ShellLink, type ShellLinkProps } from '../shared/ShellLink';

export interface ActionLinkProps extends Omit<ShellLinkProps, 'link' | 'onClick'> {
  item: ResolvedActionItem;
  onAction?: (item: ResolvedActionItem) => void;
}

/**
 * Login and registration are links styled as buttons: they navigate, so they must be anchors.
 * Registration is the primary (filled) action, login the secondary (outlined) one.
 */
export function ActionLink({ item, onAction, ...rest }: ActionLinkProps) {
  const primary = item.type === 'registration';
  return (
    <ShellLink
      link={item.link}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      h="44px"
      px="5"
      rounded="md"
      fontWeight="semibold"
      textDecoration="none"
      whiteSpace="nowrap"
      borderWidth="2px"
      borderColor="accent"
      bg={primary ? 'accent' : 'bg'}
      color={primary ? 'accent.fg' : 'accent'}
      transition="colors"
      _hover={primary ? { bg: 'accent.hover', borderColor: 'accent.hover' } : { bg: 'accent.subtle', color: 'accent.hover' }}
      data-action-type={item.type}
      // The config names a tracking callback to run before the browser navigates.
      onClick={item.callback && onAction ? () => onAction(item) : undefined}
      {...rest}
    >
      {item.title}
    </ShellLink>
  );
}
