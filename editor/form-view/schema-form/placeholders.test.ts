import { describe, expect, it } from 'vitest';
import { placeholderHelp } from './placeholders';

describe('placeholderHelp', () => {
  it('names the placeholders a text keeps, and nothing for a text that takes none', () => {
    expect(placeholderHelp('/strings/footer/reviews')).toBe(
      'Keep {score}, {count} exactly as written: they are replaced when the text is shown.',
    );
    expect(placeholderHelp('/footer/copyright')).toBe(
      'Keep {year} exactly as written: it is replaced when the text is shown.',
    );
    expect(placeholderHelp('/strings/header/logout')).toBeUndefined();
  });
});
