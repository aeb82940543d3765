import type { MouseEvent } from 'react';

/** One activated footer link, for analytics (docs/rules.md#tracking: footer taps are tracked). */
export interface FooterLinkTap {
  href: string;
  /** The link's text; the account name for social icons, the logo title for credits, the store name for badges. */
  label: string;
  /** review, contact, column:<column id>, app-banner, social, legal or credits. */
  section: string;
}

export type OnFooterLinkTap = (tap: FooterLinkTap) => void;

/**
 * Props that report a tap on any activation of a link: a click (left button, Enter on the focused
 * link, and ctrl/cmd/shift clicks that open a new tab or window) and a middle-click (auxclick with
 * button 1). A right-click only opens the context menu and is not a tap. Unlike the consent link's
 * interception (is-plain-click.ts), tracking never changes what the browser does.
 */
export function footerTapProps(
  onTap: OnFooterLinkTap | undefined,
  tap: FooterLinkTap,
): { onClick?: () => void; onAuxClick?: (event: MouseEvent) => void } {
  if (!onTap) return {};
  return {
    onClick: () => onTap(tap),
    onAuxClick: (event: MouseEvent) => {
      if (event.button === 1) onTap(tap);
    },
  };
}
