import { useSyncExternalStore } from 'react';

/**
 * The portal host's location and in-document navigation. The host needs two routes (/preview and the portal
 * pages) and two hooks, not a router library, whose ~16 KB gzip sat in the customer's first load
 * (docs/rendering.md#the-customers-first-load). Moves use the History API (pushState / replaceState), as a
 * router's would; Back and Forward arrive as popstate.
 */
export interface HostLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** Fired on window after navigate() changed the address, which pushState itself does not announce. */
const LOCATION_CHANGE = 'portal-shell:locationchange';

let current: HostLocation | undefined;

/** The same object while the address is unchanged, as useSyncExternalStore requires of a snapshot. */
function readLocation(): HostLocation {
  const { pathname, search, hash } = window.location;
  if (!current || current.pathname !== pathname || current.search !== search || current.hash !== hash)
    current = { pathname, search, hash };
  return current;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(LOCATION_CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(LOCATION_CHANGE, onChange);
  };
}

/** The address bar's path, query and hash; hydration reads the same address the server rendered. */
export function useHostLocation(): HostLocation {
  return useSyncExternalStore(subscribe, readLocation, readLocation);
}

/** Moves to a same-origin path without loading a document; `replace` keeps Back from returning to a redirect. */
export function navigateInDocument(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (options.replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  window.dispatchEvent(new Event(LOCATION_CHANGE));
}

/** True for /preview and /preview/: the client-rendered preview, every other path is a portal page. */
export function isPreviewPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === '/preview';
}
