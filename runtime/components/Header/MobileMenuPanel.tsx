import { memo, useCallback, useId, useState, type Ref } from 'react';
import type { ResolvedNavItem } from '../../resolver';
import { Glyph } from '../shared/Glyph';
import { ShellLink } from '../shared/ShellLink';
import { slideDown } from '../shared/slide-down';
import { UnreadBadge } from '../shared/UnreadBadge';
import { useAfterFirstPaint } from '../shared/use-after-first-paint';
import { HeaderItem } from './HeaderItem/HeaderItem';
import { allItems } from './submenu-layout';

export interface MobileMenuPanelProps {
  ref?: Ref<HTMLDivElement>;
  id: string;
  open: boolean;
  items: readonly ResolvedNavItem[];
  label: string;
  unreadCount: number;
  unreadLabel: string;
}

/**
 * The slide-down panel below lg: the same navigation as the desktop bar, with each dropdown
 * turned into an accordion section (one open at a time, so the list stays short on a phone).
 * Closed, its rows render just after the header in the browser, and at once on the server (useAfterFirstPaint):
 * pages without JavaScript open the panel by CSS (mobile-menu-panel.css).
 */
export function MobileMenuPanel({ ref, id, open, items, label, unreadCount, unreadLabel }: MobileMenuPanelProps) {
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const baseId = useId().replace(/:/g, '');
  // Hidden at first on every viewport (and always from lg up): its rows render just after the header.
  const showRows = useAfterFirstPaint() || open;
  const expand = useCallback((id: string | null) => setExpandedId(id), []);

  return (
    <div
      ref={ref}
      id={id}
      hidden={!open}
      className="ps-mobile-menu"
      style={slideDown(200)}
      data-testid="mobile-menu-panel"
    >
      <nav aria-label={label} className="ps-mobile-menu__nav">
        <ul>
          {showRows &&
            items.map((item) => (
              <MobileMenuRow
                key={item.id}
                item={item}
                expanded={expandedId === item.id}
                onExpand={expand}
                sectionId={`${baseId}-${item.id}`}
                unreadCount={unreadCount}
                unreadLabel={unreadLabel}
              />
            ))}
        </ul>
      </nav>
    </div>
  );
}

interface MobileMenuRowProps {
  item: ResolvedNavItem;
  expanded: boolean;
  /** The item's id to open its section, null to close it. */
  onExpand: (id: string | null) => void;
  sectionId: string;
  unreadCount: number;
  unreadLabel: string;
}

/** One row of the panel; memoised, so an item that did not change skips a render (docs/editor-typing.md#the-fixes). */
const MobileMenuRow = memo(function MobileMenuRow({
  item,
  expanded,
  onExpand,
  sectionId,
  unreadCount,
  unreadLabel,
}: MobileMenuRowProps) {
  const badge = item.enableBadge ? <UnreadBadge count={unreadCount} labelTemplate={unreadLabel} /> : null;
  if (!item.subMenu) {
    if (!item.link) return null;
    return (
      <li className="ps-mobile-menu__entry">
        <ShellLink link={item.link} className="ps-mobile-menu__row">
          <span>{item.title}</span>
          {badge}
        </ShellLink>
      </li>
    );
  }
  return (
    <li className="ps-mobile-menu__entry">
      <button
        type="button"
        className={item.active ? 'ps-mobile-menu__row ps-mobile-menu__row--active' : 'ps-mobile-menu__row'}
        aria-expanded={expanded}
        aria-controls={sectionId}
        onClick={() => onExpand(expanded ? null : item.id)}
      >
        <span>
          {item.title} {badge}
        </span>
        <Glyph name="chevron-down" flipped={expanded} />
      </button>
      <ul id={sectionId} hidden={!expanded} className="ps-mobile-menu__section">
        {allItems(item.subMenu).map((child) => (
          <li key={child.id}>
            <HeaderItem item={child} />
          </li>
        ))}
      </ul>
    </li>
  );
});
