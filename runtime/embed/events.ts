/**
 * The events the elements dispatch (docs/embedding.md#custom-elements). Each bubbles out of the shadow root
 * (composed) and is cancelable: a host that routes itself calls preventDefault(), otherwise the element does
 * the default action after dispatch returns.
 */
import type { CollectedEvent } from '../tracking';

export interface PortalEventDetails {
  /** A plain left click on a same-origin shell link; default: `location.assign(href)`. */
  'portal-navigate': { href: string };
  /** The customer chose "Log out"; default: the shell logs out (revokes, clears) and loads `href`, the login page. */
  'portal-logout': { href: string };
  /**
   * An analytics event with the identity beside it (docs/rules.md#tracking); default: pushed onto the page's
   * tag-manager data layer when the page has one (`window.dataLayer`), else dropped.
   */
  'portal-track': CollectedEvent;
}

export type PortalEventName = keyof PortalEventDetails;

/** Dispatches `name` on `target`; true when no listener canceled it, so the caller goes on with the default. */
export function dispatchPortalEvent<N extends PortalEventName>(
  target: EventTarget,
  name: N,
  detail: PortalEventDetails[N],
): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
}
