import { chakra } from '@chakra-ui/react';

/** The small "New"-style label an item may carry (config `tag`). */
export function ItemTag({ children }: { children: string }) {
  return (
    <chakra.span
      display="inline-block"
      ms="2"
      px="2"
      py="0.5"
      rounded="full"
      bg="accent.subtle"
      color="teal.900"
      fontSize="2xs"
      fontWeight="bold"
      lineHeight="shorter"
      verticalAlign="middle"
      textTransform="uppercase"
      letterSpacing="0.04em"
    >
      {children}
    </chakra.span>
  );
}
