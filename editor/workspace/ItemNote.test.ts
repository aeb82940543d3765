import { describe, expect, it } from 'vitest';
import { itemNoteText } from './ItemNote';

const answer = { pointer: '/accountMenu/items/4/title', id: 'zahlungsmethoden', outlined: null };

describe('what the editor says about the focused field’s item', () => {
  it('says why an item is not in the preview, and nothing when it is outlined', () => {
    expect(itemNoteText({ ...answer, place: 'hidden', reason: 'needs flag "paymentMethodScreens" on' })).toBe(
      'Not in the preview: hidden: needs flag "paymentMethodScreens" on',
    );
    expect(
      itemNoteText({
        ...answer,
        place: 'inside',
        reason: 'inside "Sparen", which is closed: open it in the preview to see it',
      }),
    ).toBe('In the preview inside "Sparen", which is closed: open it in the preview to see it');
    expect(itemNoteText({ ...answer, place: 'not-shown', reason: 'not part of this combination' })).toBe(
      'Not in the preview: not part of this combination',
    );
    expect(itemNoteText({ ...answer, place: 'shown', reason: null, outlined: 'zahlungsmethoden' })).toBeNull();
    expect(itemNoteText({ ...answer, place: 'no-item', reason: null })).toBeNull();
  });
});
