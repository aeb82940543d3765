import { chakra } from '@chakra-ui/react';
import { useId, useState, type Ref } from 'react';
import type { ResolvedNavItem } from '../../resolver';
import { Glyph } from '../shared/Glyph';
import { ShellLink } from '../shared/ShellLink';
import { slideDown } from '../shared/slide-down';
import { UnreadBadge } from '../shared/UnreadBadge';
import { useAfterFirstPaint } from '../shared/use-after-first-paint';
import { HeaderItem } from './HeaderItem/HeaderItem';
import styles from './mobile-menu-panel.module.css';
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

const rowStyles = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  w: '100%',
  minH: '52px',
  px: '4',
  fontWeight: 'semibold',
  fontSize: 'lg',
  color: 'fg',
  textAlign: 'start',
  textDecoration: 'none',
  _hover: { bg: 'bg.subtle' },
  _currentPage: { color: 'accent' },
} as const;

/**
 * The slide-down panel below lg: the same navigation as the desktop bar, with each dropdown
 * turned into an accordion section (one open at a time, so the list stays short on a phone).
 */
export function MobileMenuPanel({ ref, id, open, items, label, unreadCount, unreadLabel }: MobileMenuPanelProps) {
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const baseId = useId().replace(/:/g, '');
  // Hidden at first on every viewport (and always from lg up): its rows render just after the header.
  const showRows = useAfterFirstPaint() || open;

  return (
    <div ref={ref} id={id} hidden={!open} className={styles.panel} style={slideDown(200)} data-testid="mobile-menu-panel">
      <nav aria-label={label} className={styles.nav}>
        <ul>
          {showRows && items.map((item) => {
            const badge = item.enableBadge ? <UnreadBadge count={unreadCount} labelTemplate={unreadLabel} /> : null;
            if (!item.subMenu) {
              if (!item.link) return null;
              return (
                <chakra.li key={item.id} borderBottomWidth="1px" borderColor="border">
                  <ShellLink link={item.link} css={rowStyles}>
                    <span>{item.title}</span>
                    {badge}
                  </ShellLink>
                </chakra.li>
              );
            }
            const expanded = expandedId === item.id;
            const sectionId = `${baseId}-${item.id}`;
            return (
              <chakra.li key={item.id} borderBottomWidth="1px" borderColor="border">
                <chakra.button
                  type="button"
                  css={rowStyles}
                  color={item.active ? 'accent' : 'fg'}
                  aria-expanded={expanded}
                  aria-controls={sectionId}
                  onClick={() => setExpandedId(expanded ? null : item.id)}
                >
                  <span>
                    {item.title} {badge}
                  </span>
                  <Glyph name="chevron-down" flipped={expanded} />
                </chakra.button>
                <chakra.ul id={sectionId} hidden={!expanded} px="2" pb="3">
                  {allItems(item.subMenu).map((child) => (
                    <li key={child.id}>
                      <HeaderItem item={child} />
                    </li>
                  ))}
                </chakra.ul>
              </chakra.li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
