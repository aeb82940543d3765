import { describe, expect, it } from 'vitest';
import type { ResolvedMenuItem, ResolvedSubMenu } from '../../resolver';
import { allItems, groupItems, subMenuLayout } from './submenu-layout';

const items = (count: number, groupName?: string): ResolvedMenuItem[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `i${index}`,
    type: 'text',
    title: `Item ${index}`,
    ...(groupName ? { groupName } : {}),
  }));

const subMenu = (main: number, sidebar: number, layout: ResolvedSubMenu['layout'] = 'default'): ResolvedSubMenu => ({
  layout,
  top: [],
  main: items(main),
  sidebar: items(sidebar),
  bottom: [],
});

describe('subMenuLayout', () => {
  it.each([
    ['one short main list', subMenu(3, 0), 440, 1],
    ['main list plus sidebar', subMenu(3, 2), 656, 1],
    ['long main list', subMenu(6, 0), 656, 2],
    ['long main list plus sidebar', subMenu(6, 2), 872, 2],
  ])('%s → %i px, %i main column(s)', (_name, menu, width, mainColumns) => {
    const layout = subMenuLayout(menu);
    expect(layout.width).toBe(width);
    expect(layout.mainColumns).toBe(mainColumns);
    expect(layout.width).toBeGreaterThanOrEqual(440);
    expect(layout.width).toBeLessThanOrEqual(872);
  });

  it('reports the even layout', () => {
    expect(subMenuLayout(subMenu(2, 2, 'even')).even).toBe(true);
    expect(subMenuLayout(subMenu(2, 2)).even).toBe(false);
  });
});

describe('groupItems', () => {
  it('groups consecutive items with the same groupName and keeps order', () => {
    const groups = groupItems([...items(2, 'By term'), ...items(1), ...items(1, 'More')]);
    expect(groups.map((group) => [group.name, group.items.length])).toEqual([
      ['By term', 2],
      [undefined, 1],
      ['More', 1],
    ]);
  });
});

describe('allItems', () => {
  it('lists top, main, sidebar and bottom in reading order', () => {
    const menu: ResolvedSubMenu = {
      layout: 'default',
      top: items(1),
      main: items(2),
      sidebar: items(1),
      bottom: items(1),
    };
    expect(allItems(menu)).toHaveLength(5);
    expect(allItems(menu)[0]).toBe(menu.top[0]);
    expect(allItems(menu)[4]).toBe(menu.bottom[0]);
  });
});
