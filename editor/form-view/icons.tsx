/**
 * The form's icons as small inline SVG components (react-icons is not a dependency), drawn on a 24 px grid
 * with the current colour, so they follow the button's colour palette. Always decorative: the button that
 * holds one carries the accessible name (`aria-label`).
 */
import { Icon, type IconProps } from '@chakra-ui/react';

function svgIcon(path: string, displayName: string) {
  const Component = (props: IconProps) => (
    <Icon boxSize="4" {...props}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </Icon>
  );
  Component.displayName = displayName;
  return Component;
}

/** Six dots: the grip a drag handle shows. */
export function DragHandleIcon(props: IconProps) {
  return (
    <Icon boxSize="4" {...props}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {[6, 12, 18].flatMap((y) =>
          [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" fill="currentColor" />),
        )}
      </svg>
    </Icon>
  );
}

export const ArrowUpIcon = svgIcon('M12 19V5M5 12l7-7 7 7', 'ArrowUpIcon');
export const ArrowDownIcon = svgIcon('M12 5v14M19 12l-7 7-7-7', 'ArrowDownIcon');
export const RemoveIcon = svgIcon('M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3', 'RemoveIcon');
export const AddIcon = svgIcon('M12 5v14M5 12h14', 'AddIcon');
export const ChevronRightIcon = svgIcon('M9 6l6 6-6 6', 'ChevronRightIcon');
export const ChevronDownIcon = svgIcon('M6 9l6 6 6-6', 'ChevronDownIcon');
