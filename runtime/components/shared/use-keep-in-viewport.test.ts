import { describe, expect, it } from 'vitest';
import { viewportShift } from './use-keep-in-viewport';

describe('viewportShift: a dropdown stays inside the viewport', () => {
  it('leaves a panel that fits where it is', () => {
    expect(viewportShift(200, 600, 1280)).toBe(0);
    expect(viewportShift(16, 600, 1280)).toBe(0);
    expect(viewportShift(1280 - 16 - 600, 600, 1280)).toBe(0);
  });

  it('moves a panel that starts left of the screen to the margin (the 872 px panel at x = -291 at 1280 px)', () => {
    expect(viewportShift(-291, 872, 1280)).toBe(307);
  });

  it('moves a panel that ends past the right edge back inside (542 + 656 > 1024)', () => {
    const shift = viewportShift(542, 656, 1024);
    expect(542 + shift + 656).toBe(1024 - 16);
    expect(shift).toBe(-190);
  });

  it('keeps the start of a panel wider than the room at the left margin', () => {
    expect(viewportShift(100, 1000, 1000)).toBe(16 - 100);
    expect(viewportShift(-50, 1000, 1000)).toBe(66);
  });

  it('does nothing for a panel that is not laid out', () => {
    expect(viewportShift(-500, 0, 1280)).toBe(0);
  });
});
