import { SESSION_HINT_COOKIE } from '../../schemas/contracts/portal-state';

/**
 * Keeps the session hint cookie (schemas/contracts/portal-state.ts) in step with the tokens: set, for as long
 * as the access token is valid, while a customer is logged in; removed otherwise. The next page load then
 * gets the right frame from the server. It holds no token and no customer data, only that a session exists.
 */
export function syncSessionHint(remainingSeconds: number | undefined): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    remainingSeconds !== undefined && remainingSeconds > 0
      ? `${SESSION_HINT_COOKIE}=1; Max-Age=${Math.floor(remainingSeconds)}; Path=/; SameSite=Lax${secure}`
      : `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}
