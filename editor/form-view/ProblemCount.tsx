import { Badge } from '@chakra-ui/react';

/** "3 problems" after a group's or list item's title; nothing when there are none. */
export function ProblemCount({ problems }: { problems: number }) {
  if (problems === 0) return null;
  return (
    <>
      {/* The space keeps the mark a separate word in the button's accessible name. */}{' '}
      <Badge colorPalette="red" variant="solid" size="sm">
        {problems} problem{problems === 1 ? '' : 's'}
      </Badge>
    </>
  );
}
