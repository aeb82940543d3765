import { Breadcrumb, Button, Text } from '@chakra-ui/react';
import { memo, useMemo, useRef } from 'react';
import { useDraftAfterTyping } from '../store/draft-store';
import { breadcrumbTrail, type Crumb } from './breadcrumbs';
import { useFocusStore } from './focus-store';

export interface BreadcrumbsProps {
  /** Goes to a crumb's place in whichever view is open. */
  onGoTo: (pointer: string) => void;
}

/**
 * Where you are in the document, as titles (docs/editor-workspace.md#breadcrumbs): each crumb but the last
 * goes back up to its place. Reads the draft itself, so a renamed item renames its crumb as you type; while
 * the text does not parse, the last trail stays.
 */
export const Breadcrumbs = memo(function Breadcrumbs({ onGoTo }: BreadcrumbsProps) {
  // The focused field's pointer (form view) or the caret's (JSON view).
  const pointer = useFocusStore((s) => s.pointer);
  const value = useDraftAfterTyping((s) => s.value);
  const last = useRef<Crumb[]>([]);
  const trail = useMemo(() => {
    if (pointer === null) return [];
    if (value === undefined) return last.current;
    return breadcrumbTrail(value, pointer);
  }, [value, pointer]);
  last.current = trail;
  if (trail.length === 0) {
    return (
      <Text fontSize="sm" color="gray.700" data-testid="breadcrumbs-empty">
        Focus a field to see where it is in the document.
      </Text>
    );
  }
  return (
    <Breadcrumb.Root size="sm" aria-label="Where you are in the document" minW="0">
      <Breadcrumb.List flexWrap="wrap">
        {trail.map((crumb, index) => {
          const current = index === trail.length - 1;
          return [
            index > 0 && <Breadcrumb.Separator key={`${crumb.pointer}:separator`}>›</Breadcrumb.Separator>,
            <Breadcrumb.Item key={crumb.pointer}>
              {current ? (
                <Breadcrumb.CurrentLink fontWeight="semibold">{crumb.label}</Breadcrumb.CurrentLink>
              ) : (
                <Button
                  variant="plain"
                  size="xs"
                  h="auto"
                  p="0"
                  minW="0"
                  color="blue.700"
                  textDecoration="underline"
                  onClick={() => onGoTo(crumb.pointer)}
                >
                  {crumb.label}
                </Button>
              )}
            </Breadcrumb.Item>,
          ];
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
});
