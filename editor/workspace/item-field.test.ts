import { describe, expect, it } from 'vitest';
import { itemFieldPointer } from './item-field';

describe('the field an item click goes to', () => {
  const config = {
    header: {
      navItems: [
        { id: 'sparen', title: 'Sparen' },
        { id: 'logo', url: 'x.svg' },
      ],
    },
  };
  it('is the title when the item has one, else the item', () => {
    expect(itemFieldPointer(config, '/header/navItems/0')).toBe('/header/navItems/0/title');
    expect(itemFieldPointer(config, '/header/navItems/1')).toBe('/header/navItems/1');
    expect(itemFieldPointer(config, '/header/navItems/5')).toBe('/header/navItems/5');
  });
});
