import { parseTimeFactor } from './time-factor';

describe('parseTimeFactor', () => {
  it('is 1 when TEST_TIME_FACTOR is unset or empty, and the number it says otherwise', () => {
    expect(parseTimeFactor(undefined)).toBe(1);
    expect(parseTimeFactor(' ')).toBe(1);
    expect(parseTimeFactor('2')).toBe(2);
    expect(parseTimeFactor('1.5')).toBe(1.5);
  });

  it('refuses what is not a number from 1 to 10, saying what to write instead', () => {
    for (const value of ['fast', '0.5', '0', '-2', '11', 'Infinity'])
      expect(() => parseTimeFactor(value)).toThrow(
        `TEST_TIME_FACTOR=${JSON.stringify(value)} must be a number from 1 to 10 (how many times slower than a quiet machine this one is), e.g. TEST_TIME_FACTOR=2`,
      );
  });
});
