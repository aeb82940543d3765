import { fillTemplate } from '../../resolver';

export interface UnreadBadgeProps {
  count: number;
  /** strings.header.unreadMessages, e.g. "{count} unread messages". */
  labelTemplate: string;
  /** Inline after a label, or pinned to the avatar's corner. */
  placement?: 'inline' | 'avatar';
}

/**
 * The unread-message count. Sighted users see the number; screen readers hear the full sentence
 * from the config, because a bare "3" next to a link name means nothing when read aloud.
 */
export function UnreadBadge({ count, labelTemplate, placement = 'inline' }: UnreadBadgeProps) {
  if (count <= 0) return null;
  return (
    <span
      className={placement === 'avatar' ? 'ps-unread-badge ps-unread-badge--avatar' : 'ps-unread-badge'}
      data-testid="unread-badge"
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="ps-sr-only">{fillTemplate(labelTemplate, { count })}</span>
    </span>
  );
}
