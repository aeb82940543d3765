import { describe, expect, it } from 'vitest';
import { itemIndex, itemsAround } from './preview-items';

const config = {
  header: {
    public: {
      navItems: [
        {
          id: 'sparen',
          title: 'Sparen',
          subMenus: { main: [{ id: 'festgeld', title: 'Festgeld', href: '/festgeld/' }] },
        },
        { id: 'a/b', title: 'Slash' },
      ],
    },
  },
  strings: { header: { menu: 'Menü' } },
};

describe('preview items', () => {
  it('indexes every item by id with its pointer', () => {
    const index = itemIndex(config);
    expect(index.get('festgeld')).toEqual({
      id: 'festgeld',
      pointer: '/header/public/navItems/0/subMenus/main/0',
      title: 'Festgeld',
    });
    expect(index.get('a/b')?.pointer).toBe('/header/public/navItems/1');
    expect(itemIndex(undefined).size).toBe(0);
  });

  it('lists the items around a pointer, nearest first', () => {
    expect(itemsAround(config, '/header/public/navItems/0/subMenus/main/0/href').map((i) => i.id)).toEqual([
      'festgeld',
      'sparen',
    ]);
    expect(itemsAround(config, '/header/public/navItems/0').map((i) => i.pointer)).toEqual([
      '/header/public/navItems/0',
    ]);
    expect(itemsAround(config, '/strings/header/menu')).toEqual([]);
    // A pointer past the end of the draft stops at the last item it reached.
    expect(itemsAround(config, '/header/public/navItems/0/subMenus/main/9/title').map((i) => i.id)).toEqual(['sparen']);
    expect(itemsAround(config, 'header')).toEqual([]);
  });
});
