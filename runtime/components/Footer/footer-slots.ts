import type { ReactNode } from 'react';

/**
 * The footer's parts, rendered once by Footer and placed by a layout. Absent parts are undefined
 * and the layouts skip them, so a layout never needs to know why a part is missing.
 * Both layouts keep this order in the DOM (docs/rules.md#footer), so reading and tab order match.
 */
export interface FooterSlots {
  review?: ReactNode;
  contact?: ReactNode;
  columns?: ReactNode;
  appBanner?: ReactNode;
  social?: ReactNode;
  marketPicker?: ReactNode;
  copyright: ReactNode;
  legal?: ReactNode;
  credits?: ReactNode;
  disclaimer?: ReactNode;
}

export type SlotName = keyof FooterSlots;

export interface FooterLayoutProps {
  slots: FooterSlots;
}

/** True when at least one of the named slots has content (so an empty band is not drawn). */
export function hasAny(slots: FooterSlots, names: SlotName[]): boolean {
  return names.some((name) => slots[name] !== undefined && slots[name] !== null && slots[name] !== false);
}
