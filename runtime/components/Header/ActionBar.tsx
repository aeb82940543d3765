import type { ResolvedActionItem } from '../../resolver';
import { ACTION_BAR_HEIGHT } from '../../theme/layout';
import { ActionLink } from './ActionLink';

export interface ActionBarProps {
  items: ResolvedActionItem[];
  /** Integrated pages put the bar at the top, under the logo row, instead of fixed at the bottom. */
  position: 'bottom' | 'top';
  onAction?: (item: ResolvedActionItem) => void;
}

/** Login and registration on small screens (below md), always within thumb reach. */
export function ActionBar({ items, position, onAction }: ActionBarProps) {
  if (items.length === 0) return null;
  return (
    <div
      className={position === 'bottom' ? 'ps-action-bar ps-action-bar--bottom' : 'ps-action-bar'}
      // The shell reserves the same height at the page's end (runtime/theme/layout.ts).
      style={{ height: ACTION_BAR_HEIGHT }}
      data-position={position}
      data-testid="action-bar"
    >
      {items.map((item) => (
        <ActionLink key={item.id} item={item} onAction={onAction} className="ps-action-bar__link" />
      ))}
    </div>
  );
}
