import { useRef } from 'react';
import { Box, Flex, Grid } from '@chakra-ui/react';
import type { ResolvedSubMenu } from '../../resolver';
import { SIDEBAR_WIDTH } from '../../theme/layout';
import { MenuItemList } from './MenuItemList';
import { subMenuLayout } from './submenu-layout';
import floating from '../shared/floating-panel.module.css';
import { slideDown } from '../shared/slide-down';
import styles from './submenu-panel.module.css';
import { useAfterFirstPaint } from '../shared/use-after-first-paint';
import { useKeepInViewport } from '../shared/use-keep-in-viewport';

export interface SubMenuPanelProps {
  id: string;
  subMenu: ResolvedSubMenu;
  open: boolean;
  /** Dropdowns of the right-hand items open towards the left so they stay on screen. */
  align: 'start' | 'end';
}

/**
 * A desktop dropdown: top row, main list(s) and sidebar side by side, bottom row.
 * It stays in the DOM while closed (`hidden`), so its links are crawlable and aria-controls
 * always points at an element; a closed panel's lists render just after the header (useAfterFirstPaint).
 */
export function SubMenuPanel({ id, subMenu, open, align }: SubMenuPanelProps) {
  const showLists = useAfterFirstPaint() || open;
  const panelRef = useRef<HTMLDivElement>(null);
  const shift = useKeepInViewport(panelRef, open);
  const layout = subMenuLayout(subMenu);
  const mainSpan = layout.mainColumns;
  const columns = layout.even
    ? `repeat(${mainSpan + (layout.hasSidebar ? 1 : 0)}, minmax(0, 1fr))`
    : layout.hasSidebar
      ? { base: `minmax(0, 1fr) ${SIDEBAR_WIDTH.lg}px`, xl: `minmax(0, 1fr) ${SIDEBAR_WIDTH.xl}px` }
      : 'minmax(0, 1fr)';

  return (
    <div
      ref={panelRef}
      id={id}
      hidden={!open}
      className={`${floating.panel} ${styles.panel} ${align === 'start' ? styles.alignStart : styles.alignEnd}`}
      style={{ width: `${layout.width}px`, ...slideDown(160), ...(shift ? { translate: `${shift}px 0` } : {}) }}
      data-layout={subMenu.layout}
      data-testid="submenu-panel"
    >
      {showLists && (
        <>
          {subMenu.top.length > 0 && (
            <Box pb="3" mb="3" borderBottomWidth="1px" borderColor="border">
              <MenuItemList items={subMenu.top} columns={subMenu.top.length > 1 ? 2 : 1} />
            </Box>
          )}
          <Grid templateColumns={columns} gap="4">
            {subMenu.main.length > 0 && (
              <Box gridColumn={layout.even ? `span ${mainSpan}` : undefined}>
                <MenuItemList items={subMenu.main} columns={layout.mainColumns} />
              </Box>
            )}
            {layout.hasSidebar && (
              <Box bg="bg.subtle" rounded="md" p="2">
                <MenuItemList items={subMenu.sidebar} />
              </Box>
            )}
          </Grid>
          {subMenu.bottom.length > 0 && (
            <Flex mt="3" pt="3" borderTopWidth="1px" borderColor="border" direction="column" gap="1">
              <MenuItemList items={subMenu.bottom} />
            </Flex>
          )}
        </>
      )}
    </div>
  );
}
