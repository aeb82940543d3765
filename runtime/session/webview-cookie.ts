/**
 * docs/rules.md#session-countdown: the mobile app's webview marks itself with a cookie whose value is `true`.
 * We read the cookie `isWebview`; any other value (or none) means a normal browser.
 */
export const WEBVIEW_COOKIE = 'isWebview';

export function isWebview(cookieHeader: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookieHeader.split(';').some((pair) => {
    const index = pair.indexOf('=');
    if (index < 0) return false;
    return pair.slice(0, index).trim() === WEBVIEW_COOKIE && pair.slice(index + 1).trim() === 'true';
  });
}
