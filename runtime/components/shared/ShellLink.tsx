import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { ResolvedLink } from '../../resolver/model';

export interface ShellLinkProps extends Omit<HTMLChakraProps<'a'>, 'href'> {
  link: ResolvedLink;
}

/**
 * Every navigation target in the shell is a real anchor, so it works without script, opens in a
 * new tab on middle-click and is announced as a link. The resolver already decided the final href,
 * whether it is external and whether it is the current page.
 */
export function ShellLink({ link, children, ...rest }: ShellLinkProps) {
  return (
    <chakra.a
      href={link.href}
      aria-current={link.active ? 'page' : undefined}
      rel={link.external ? 'noopener noreferrer' : undefined}
      {...rest}
    >
      {children}
    </chakra.a>
  );
}
