import { PORTAL_STATE_ELEMENT_ID, type PortalPageState } from '../../schemas/contracts/portal-state';

let read: { state: PortalPageState | undefined } | undefined;

/** Our own server wrote it (runtime/render/render-portal-page.tsx); a page edited in between gets a client render. */
function isPortalState(value: unknown): value is PortalPageState {
  const state = value as Partial<PortalPageState> | null;
  return (
    !!state &&
    state.version === 1 &&
    typeof state.pathname === 'string' &&
    typeof state.page === 'string' &&
    typeof state.loggedIn === 'boolean' &&
    !!state.documents?.config &&
    !!state.documents.markets &&
    !!state.documents.flags
  );
}

/** The state a server-rendered portal page carries (schemas/contracts/portal-state.ts), read once; undefined on a client-only page. */
export function readServerState(): PortalPageState | undefined {
  if (read) return read.state;
  const element = typeof document === 'undefined' ? null : document.getElementById(PORTAL_STATE_ELEMENT_ID);
  // An async bundle can ask before the parser has reached the state (docs/rendering.md#hydration): not known yet.
  if (!element && typeof document !== 'undefined' && document.readyState === 'loading') return undefined;
  let state: PortalPageState | undefined;
  try {
    const parsed: unknown = element?.textContent ? JSON.parse(element.textContent) : undefined;
    if (parsed !== undefined && !isPortalState(parsed))
      console.warn(`[portal] #${PORTAL_STATE_ELEMENT_ID} is not a portal page state; rendering on the client`);
    state = isPortalState(parsed) ? parsed : undefined;
  } catch (error) {
    console.warn(
      `[portal] #${PORTAL_STATE_ELEMENT_ID} is not JSON (${(error as Error).message}); rendering on the client`,
    );
  }
  read = { state };
  return state;
}

/** The server's state when it was rendered for this pathname, else undefined. */
export function serverStateFor(pathname: string): PortalPageState | undefined {
  const state = readServerState();
  return state?.pathname === pathname ? state : undefined;
}

/** Tests: read the page again. */
export function forgetServerState(): void {
  read = undefined;
}
