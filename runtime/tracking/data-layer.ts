/**
 * The tag manager's queue. Everything production sends goes through it: consent commands (as gtag
 * calls) and tracking events (as objects). Only production adapters touch it.
 */

export type DataLayerEntry = Record<string, unknown> | IArguments;

export interface DataLayerWindow {
  dataLayer?: DataLayerEntry[];
  gtag?: (...args: unknown[]) => void;
}

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
    gtag?: (...args: unknown[]) => void;
  }
}

export function ensureDataLayer(target: DataLayerWindow): DataLayerEntry[] {
  target.dataLayer ??= [];
  return target.dataLayer;
}

/**
 * The standard gtag stub. It must push the `arguments` object itself, not an array: the tag manager
 * reads consent commands only in that form.
 */
export function ensureGtag(target: DataLayerWindow): (...args: unknown[]) => void {
  if (!target.gtag) {
    const dataLayer = ensureDataLayer(target);
    target.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- gtag commands must be queued as the Arguments object.
      dataLayer.push(arguments);
    };
  }
  return target.gtag;
}
