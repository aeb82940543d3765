// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusField, revealField } from './reveal-field';

/** jsdom has no layout: boxes are given, as the browser would measure them. */
function layout({
  box,
  field,
  scrollHeight = 2000,
}: {
  box: { top: number; bottom: number };
  field: { top: number; height: number };
  scrollHeight?: number;
}) {
  const scroller = document.createElement('div');
  scroller.style.overflowY = 'auto';
  const input = document.createElement('input');
  scroller.append(input);
  document.body.append(scroller);
  Object.defineProperty(scroller, 'scrollHeight', { value: scrollHeight });
  Object.defineProperty(scroller, 'clientHeight', { value: box.bottom - box.top });
  scroller.getBoundingClientRect = () =>
    DOMRect.fromRect({ x: 0, y: box.top, width: 600, height: box.bottom - box.top });
  input.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: field.top, width: 300, height: field.height });
  return { scroller, input };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('revealField', () => {
  it('centres the field in the part of its scroller that the viewport shows, and never scrolls the page', () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(900);
    // The scroller runs from 300 px to 1000 px: only 300–900 is on screen, so its middle is at 600.
    const { scroller, input } = layout({ box: { top: 300, bottom: 1000 }, field: { top: 1500, height: 40 } });
    const pageScroll = vi.spyOn(window, 'scrollTo');
    const ownScroll = vi.fn();
    input.scrollIntoView = ownScroll;
    revealField(input);
    expect(scroller.scrollTop).toBe(1500 + 20 - 600);
    expect(ownScroll).not.toHaveBeenCalled();
    expect(pageScroll).not.toHaveBeenCalled();
  });

  it('"nearest" leaves a field that is already visible where it is, and otherwise moves it just into view', () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(900);
    const visible = layout({ box: { top: 100, bottom: 800 }, field: { top: 400, height: 40 } });
    revealField(visible.input, 'nearest');
    expect(visible.scroller.scrollTop).toBe(0);
    document.body.innerHTML = '';
    const below = layout({ box: { top: 100, bottom: 800 }, field: { top: 900, height: 40 } });
    revealField(below.input, 'nearest');
    expect(below.scroller.scrollTop).toBe(940 - 800);
  });

  it('without a scrolling box it falls back to the browser’s scrollIntoView', () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.scrollIntoView = vi.fn();
    revealField(input);
    expect(input.scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
  });
});

describe('focusField', () => {
  it('focuses without letting focus() scroll the page', () => {
    const { input } = layout({ box: { top: 0, bottom: 500 }, field: { top: 100, height: 40 } });
    const focus = vi.spyOn(input, 'focus');
    focusField(input);
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(document.activeElement).toBe(input);
  });
});
