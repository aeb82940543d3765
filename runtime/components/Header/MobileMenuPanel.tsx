import { useId, useState, type Ref } from 'react';
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
  items: ResolvedNavItem[];
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

  return (
    <div ref={ref} id={id} hidden={!open} className="ps-mobile-menu" style={slideDown(200)} data-testid="mobile-menu-panel">
      <nav aria-label={label} className="ps-mobile-menu__nav">
        <ul>
          {showRows && items.map((item) => {
            const badge = item.enableBadge ? <UnreadBadge count={unreadCount} labelTemplate={unreadLabel} /> : null;
            if (!item.subMenu) {
              if (!item.link) return null;
              return (
                <li key={item.id} className="ps-mobile-menu__entry">
                  <ShellLink link={item.link} className="ps-mobile-menu__row">
                    <span>{item.title}</span>
                    {badge}
                  </ShellLink>
                </li>
              );
            }
            const expanded = expandedId === item.id;
            const sectionId = `${baseId}-${item.id}`;
            return (
              <li key={item.id} className="ps-mobile-menu__entry">
                <button
                  type="button"
                  className={item.active ? 'ps-mobile-menu__row ps-mobile-menu__row--active' : 'ps-mobile-menu__row'}
                  aria-expanded={expanded}
                  aria-controls={sectionId}
                  onClick={() => setExpandedId(expanded ? null : item.id)}
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
          })}
        </ul>
      </nav>
    </div>
  );
}
