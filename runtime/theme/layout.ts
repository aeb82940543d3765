/**
 * Layout constants (docs/rules.md#design-versions) that components compute with. The header bar's height (64 px, 80 px from md)
 * lives in Header/header.css, whose bar also holds the loading skeleton, so the two cannot disagree.
 */

/** Desktop dropdown panels are between 440 and 872 px wide. */
export const DROPDOWN_WIDTH = { min: 440, mid: 656, max: 872 } as const;

/** Sidebar column of a default-layout submenu: 200 px on lg screens, 300 px from xl. */
export const SIDEBAR_WIDTH = { lg: 200, xl: 300 } as const;

/** Height of the small-screen action bar; the shell reserves the same space at the page end. */
export const ACTION_BAR_HEIGHT = '72px';
