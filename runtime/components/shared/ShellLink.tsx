import type { ComponentProps } from 'react';
import type { ResolvedLink } from '../../resolver';

export interface ShellLinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  link: ResolvedLink;
}

/**
 * Every navigation target in the shell is a real anchor, so it works without script, opens in a
 * new tab on middle-click and is announced as a link. The resolver already decided the final href,
 * whether it is external and whether it is the current page.
 */
export function ShellLink({ link, children, ...rest }: ShellLinkProps) {
  return (
    <a {...linkAttributes(link)} {...rest}>
      {children}
    </a>
  );
}

/** What makes an anchor a shell link, for plain `<a>` elements styled by class (the header's bar). */
export function linkAttributes(link: ResolvedLink): { href: string; 'aria-current'?: 'page'; rel?: string } {
  return {
    href: link.href,
    ...(link.active ? { 'aria-current': 'page' as const } : {}),
    ...(link.external ? { rel: 'noopener noreferrer' } : {}),
  };
}
