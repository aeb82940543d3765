import type { MouseEvent } from 'react';
import type { FooterLinkModel } from '../../resolver';
import { isPlainClick } from '../shared/is-plain-click';
import { ShellLink, type ShellLinkProps } from '../shared/ShellLink';
import { footerTapProps, type OnFooterLinkTap } from './footer-tap';

export interface FooterLinkItemProps extends Omit<ShellLinkProps, 'link' | 'onClick' | 'onAuxClick'> {
  item: FooterLinkModel;
  onOpenConsentSettings: () => void;
  /** Where the link sits, reported with a tap (see footer-tap.ts). */
  section: string;
  onTap?: OnFooterLinkTap;
}

/**
 * A footer link. The consent-settings link keeps its real href (it still works without script)
 * but opens the consent manager's second layer instead of navigating (docs/rules.md#footer).
 * Every activation is reported as a tap, the consent-settings link included.
 */
export function FooterLinkItem({ item, onOpenConsentSettings, section, onTap, ...rest }: FooterLinkItemProps) {
  const tap = footerTapProps(onTap, { href: item.link.href, label: item.title, section });
  const onClick = (event: MouseEvent) => {
    tap.onClick?.();
    if (item.action !== 'consent-settings' || !isPlainClick(event)) return;
    event.preventDefault();
    onOpenConsentSettings();
  };
  return (
    <ShellLink link={item.link} onClick={onClick} onAuxClick={tap.onAuxClick} data-action={item.action} {...rest}>
      {item.title}
    </ShellLink>
  );
}
