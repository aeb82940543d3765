import type { MouseEvent } from 'react';
import type { FooterLinkModel } from '../../resolver/model';
import { isPlainClick } from '../shared/is-plain-click';
import { ShellLink, type ShellLinkProps } from '../shared/ShellLink';

export interface FooterLinkItemProps extends Omit<ShellLinkProps, 'link'> {
  item: FooterLinkModel;
  onOpenConsentSettings: () => void;
}

/**
 * A footer link. The consent-settings link keeps its real href (it still works without script)
 * but opens the consent manager's second layer instead of navigating (SPEC §2 Footer).
 */
export function FooterLinkItem({ item, onOpenConsentSettings, ...rest }: FooterLinkItemProps) {
  const onClick =
    item.action === 'consent-settings'
      ? (event: MouseEvent) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onOpenConsentSettings();
        }
      : undefined;
  return (
    <ShellLink link={item.link} onClick={onClick} data-action={item.action} {...rest}>
      {item.title}
    </ShellLink>
  );
}
