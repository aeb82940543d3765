// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isWebview, WEBVIEW_COOKIE } from './webview-cookie';

describe('webview cookie', () => {
  it('is named isWebview', () => {
    expect(WEBVIEW_COOKIE).toBe('isWebview');
  });

  it.each([
    ['isWebview=true', true],
    ['consent=1; isWebview=true; theme=dark', true],
    [' isWebview = true ', true],
    ['isWebview=false', false],
    ['isWebview=TRUE', false],
    ['isWebview=1', false],
    ['notisWebview=true', false],
    ['isWebviewApp=true', false],
    ['', false],
  ])('%j → %s', (cookie, expected) => {
    expect(isWebview(cookie)).toBe(expected);
  });

  it('reads document.cookie by default', () => {
    document.cookie = 'isWebview=true';
    expect(isWebview()).toBe(true);
    document.cookie = 'isWebview=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    expect(isWebview()).toBe(false);
  });
});
