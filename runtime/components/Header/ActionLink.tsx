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
export function ActionLink({ item, onAction, className, ...rest }: ActionLinkProps) {
  const classes = ['ps-action-link', item.type === 'registration' && 'ps-action-link--primary', className]
    .filter(Boolean)
    .join(' ');
  return (
    <ShellLink
      link={item.link}
      className={classes}
      data-action-type={item.type}
      // The config names a tracking callback to run before the browser navigates.
      onClick={item.callback && onAction ? () => onAction(item) : undefined}
      {...rest}
    >
      {item.title}
    </ShellLink>
  );
}
