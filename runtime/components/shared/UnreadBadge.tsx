import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { fillTemplate } from '../../resolver/display';

export interface UnreadBadgeProps extends HTMLChakraProps<'span'> {
  count: number;
  /** strings.header.unreadMessages, e.g. "{count} unread messages". */
  labelTemplate: string;
}

/**
 * The unread-message count. Sighted users see the number; screen readers hear the full sentence
 * from the config, because a bare "3" next to a link name means nothing when read aloud.
 */
export function UnreadBadge({ count, labelTemplate, ...rest }: UnreadBadgeProps) {
  if (count <= 0) return null;
  return (
    <chakra.span
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      minW="20px"
      h="20px"
      px="1"
      rounded="full"
      bg="negative"
      color="white"
      fontSize="2xs"
      fontWeight="bold"
      lineHeight="1"
      data-testid="unread-badge"
      {...rest}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <chakra.span srOnly>{fillTemplate(labelTemplate, { count })}</chakra.span>
    </chakra.span>
  );
}
