import { describe, expect, it } from 'vitest';
import { fitScale } from './use-fit-scale';

describe('fitScale', () => {
  it('shrinks a frame wider than the box to the box', () => {
    expect(fitScale(1000, 1280)).toBeCloseTo(0.78125);
  });

  it('leaves a frame that fits at full size', () => {
    expect(fitScale(1000, 375)).toBe(1);
    expect(fitScale(1280, 1280)).toBe(1);
  });

  it('leaves the frame at full size while the box is unmeasured', () => {
    expect(fitScale(0, 1280)).toBe(1);
  });
});
