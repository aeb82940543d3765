import { memo, useRef, type CSSProperties } from 'react';
import type { ResolvedSubMenu } from '../../resolver';
import { SIDEBAR_WIDTH } from '../../theme/layout';
import { slideDown } from '../shared/slide-down';
import { useAfterFirstPaint } from '../shared/use-after-first-paint';
import { useKeepInViewport } from '../shared/use-keep-in-viewport';
import { MenuItemList } from './MenuItemList';
import { subMenuLayout, type SubMenuLayout } from './submenu-layout';

export interface SubMenuPanelProps {
  id: string;
  subMenu: ResolvedSubMenu;
  open: boolean;
  /** Dropdowns of the right-hand items open towards the left so they stay on screen. */
  align: 'start' | 'end';
}

/** The grid's class and inline columns: equal columns for the even layout, else the main list and a narrow sidebar. */
function gridProps(layout: SubMenuLayout): { className: string; style?: CSSProperties } {
  if (layout.even)
    return {
      className: 'ps-submenu__grid',
      style: { gridTemplateColumns: `repeat(${layout.mainColumns + (layout.hasSidebar ? 1 : 0)}, minmax(0, 1fr))` },
    };
  if (!layout.hasSidebar) return { className: 'ps-submenu__grid' };
  const widths = {
    '--ps-submenu-sidebar-lg': `${SIDEBAR_WIDTH.lg}px`,
    '--ps-submenu-sidebar-xl': `${SIDEBAR_WIDTH.xl}px`,
  };
  return { className: 'ps-submenu__grid ps-submenu__grid--sidebar', style: widths as CSSProperties };
}

/**
 * A desktop dropdown: top row, main list(s) and sidebar side by side, bottom row.
 * It stays in the DOM while closed (`hidden`), so its links are crawlable and aria-controls always points at
 * an element. A closed panel's lists render just after the header in the browser, and at once on the server
 * (useAfterFirstPaint): pages without JavaScript open it on hover and focus (desktop-nav.css).
 * Memoised: a menu that did not change keeps its objects (useSharedStructure in Shell), so it skips the render.
 */
export const SubMenuPanel = memo(function SubMenuPanel({ id, subMenu, open, align }: SubMenuPanelProps) {
  const showLists = useAfterFirstPaint() || open;
  const panelRef = useRef<HTMLDivElement>(null);
  const shift = useKeepInViewport(panelRef, open);
  const layout = subMenuLayout(subMenu);
  const grid = gridProps(layout);

  return (
    <div
      ref={panelRef}
      id={id}
      hidden={!open}
      className={`ps-floating-panel ps-submenu ${align === 'start' ? 'ps-submenu--start' : 'ps-submenu--end'}`}
      style={{ width: `${layout.width}px`, ...slideDown(160), ...(shift ? { translate: `${shift}px 0` } : {}) }}
      data-layout={subMenu.layout}
      data-testid="submenu-panel"
    >
      {showLists && (
        <>
          {subMenu.top.length > 0 && (
            <div className="ps-submenu__top">
              <MenuItemList items={subMenu.top} columns={subMenu.top.length > 1 ? 2 : 1} />
            </div>
          )}
          <div className={grid.className} style={grid.style}>
            {subMenu.main.length > 0 && (
              <div style={layout.even ? { gridColumn: `span ${layout.mainColumns}` } : undefined}>
                <MenuItemList items={subMenu.main} columns={layout.mainColumns} />
              </div>
            )}
            {layout.hasSidebar && (
              <div className="ps-submenu__sidebar">
                <MenuItemList items={subMenu.sidebar} />
              </div>
            )}
          </div>
          {subMenu.bottom.length > 0 && (
            <div className="ps-submenu__bottom">
              <MenuItemList items={subMenu.bottom} />
            </div>
          )}
        </>
      )}
    </div>
  );
});
