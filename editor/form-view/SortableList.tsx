/**
 * A reorderable list of objects (nav items, menu items, footer columns, links, markets, flags…) as master and
 * detail: one row per item (its title and problem count, a drag handle, move up/down and remove), and the
 * selected item's fields in a panel under the list, so lists inside items do not nest accordion in accordion
 * (docs/editor-form.md#layout). Drag and drop works by pointer or keyboard (dnd-kit's KeyboardSensor with
 * sortableKeyboardCoordinates: focus the handle, Space to lift, arrows to move, Space to drop, Escape to cancel).
 * Every change writes the whole list to the store as one undo step.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, Button, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { ProblemCount } from './ProblemCount';
import { useCallback, useId, useMemo, type ReactNode } from 'react';
import { get, useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { draftStore, useDraftAfterTyping, type DraftState } from '../store/draft-store';
import { fieldNameToPath, fieldNameToPointer, getIn } from '../store/json-path';
import { countErrors } from '../validation/form-resolver';
import { errorText } from './fields';
import { useFormBinding } from './form-binding';
import { useFormUi } from './form-ui-store';
import { AddIcon, ArrowDownIcon, ArrowUpIcon, DragHandleIcon, RemoveIcon } from './icons';

type Item = Record<string, unknown>;
type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface SortableListProps {
  /** RHF name of the array. */
  name: string;
  /** Heading of the list, e.g. "Navigation items". */
  label: string;
  /** One item in words, for button labels: "navigation item". */
  noun: string;
  /** A new item to append; gets the current items (to pick a free id). */
  newItem: (items: readonly Item[]) => Item;
  /** The title an item shows in the list. */
  describe: (item: Item, index: number) => string;
  /** The item's fields, shown in the detail panel when it is selected. */
  renderItem: (itemName: string, index: number) => ReactNode;
  level?: HeadingLevel;
}

export function SortableList({ name, label, noun, newItem, describe, renderItem, level = 4 }: SortableListProps) {
  const { control, getValues } = useFormContext();
  const { fields, move, remove, append } = useFieldArray({ control, name, keyName: 'key' });
  const { readOnly, commit } = useFormBinding();
  const pointer = fieldNameToPointer(name);
  const selected = useFormUi((s) => s.selected[pointer]);
  const select = useFormUi((s) => s.select);
  const reindex = useFormUi((s) => s.reindex);
  const goTo = useFormUi((s) => s.goTo);
  const { errors } = useFormState({ name });
  const listError = errorText(get(errors, `${name}.root`));
  const detailId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const items = fields as unknown as (Item & { key: string })[];
  const titleOf = (key: unknown): string => {
    const index = items.findIndex((f) => f.key === key);
    return index < 0 ? 'item' : describe(items[index]!, index);
  };
  const sync = () => commit(name, getValues(name), { merge: false });

  const moveItem = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    move(from, to);
    reindex(pointer, (i) =>
      i === from ? to : from < to && i > from && i <= to ? i - 1 : from > to && i >= to && i < from ? i + 1 : i,
    );
    sync();
  };
  const removeItem = (index: number) => {
    remove(index);
    reindex(pointer, (i) => (i === index ? undefined : i > index ? i - 1 : i));
    sync();
  };
  const addItem = () => {
    append(newItem(getValues(name) ?? []));
    sync();
    goTo(`${pointer}/${items.length}`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    moveItem(
      items.findIndex((f) => f.key === active.id),
      items.findIndex((f) => f.key === over.id),
    );
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} is over position ${items.findIndex((f) => f.key === over.id) + 1} of ${items.length}.`
        : `${titleOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped ${titleOf(active.id)} at position ${items.findIndex((f) => f.key === over.id) + 1} of ${items.length}.`
        : `Dropped ${titleOf(active.id)}.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };
  const ids = useMemo(() => items.map((f) => f.key), [items]);
  const shown = selected !== undefined && selected < items.length ? selected : undefined;

  return (
    <Stack gap="2" as="section" aria-label={label} data-pointer={pointer} tabIndex={-1}>
      <HStack justify="space-between">
        <Heading as={`h${level}`} size="xs">
          {label} ({items.length})
        </Heading>
        {!readOnly && (
          <Button size="xs" variant="outline" onClick={addItem}>
            <AddIcon />
            Add {noun}
          </Button>
        )}
      </HStack>
      {listError && (
        <Text color="red.700" fontSize="sm">
          {listError}
        </Text>
      )}
      {items.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          No {noun}s.
        </Text>
      )}
      {items.length > 0 && (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <Stack
              as="ol"
              gap="0"
              listStyleType="none"
              ms="0"
              borderWidth="1px"
              borderColor="border"
              borderRadius="md"
              overflow="hidden"
            >
              {items.map((f, index) => (
                <SortableRow
                  key={f.key}
                  id={f.key}
                  name={`${name}.${index}`}
                  index={index}
                  count={items.length}
                  readOnly={readOnly}
                  describe={describe}
                  selected={shown === index}
                  detailId={detailId}
                  onSelect={() => select(pointer, shown === index ? undefined : index)}
                  onMove={(to) => moveItem(index, to)}
                  onRemove={() => removeItem(index)}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      {shown !== undefined && (
        <ItemDetail
          key={items[shown]!.key}
          id={detailId}
          name={`${name}.${shown}`}
          index={shown}
          describe={describe}
          level={Math.min(level + 1, 6) as HeadingLevel}
        >
          {renderItem(`${name}.${shown}`, shown)}
        </ItemDetail>
      )}
    </Stack>
  );
}

interface SortableRowProps {
  id: string;
  name: string;
  index: number;
  count: number;
  readOnly: boolean;
  describe: (item: Item, index: number) => string;
  selected: boolean;
  detailId: string;
  onSelect: () => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function SortableRow({
  id,
  name,
  index,
  count,
  readOnly,
  describe,
  selected,
  detailId,
  onSelect,
  onMove,
  onRemove,
}: SortableRowProps) {
  const item = useItemAt(name);
  const title = describe(item, index);
  const { errors } = useFormState({ name });
  const problems = countErrors(get(errors, name));
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: readOnly,
  });
  return (
    <Box
      as="li"
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      position="relative"
      zIndex={isDragging ? 2 : undefined}
      bg={selected ? 'blue.subtle' : isDragging ? 'bg.muted' : 'bg'}
      borderTopWidth={index === 0 ? '0' : '1px'}
      borderColor="border"
      boxShadow={isDragging ? 'md' : undefined}
    >
      <HStack gap="1" px="1" py="0.5">
        {!readOnly && (
          <IconButton
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Drag ${title} to reorder`}
            size="xs"
            variant="ghost"
            cursor="grab"
            color="fg.muted"
          >
            <DragHandleIcon />
          </IconButton>
        )}
        <Button
          variant="ghost"
          size="sm"
          flex="1"
          minW="0"
          justifyContent="flex-start"
          fontWeight={selected ? 'semibold' : 'normal'}
          aria-expanded={selected}
          aria-controls={selected ? detailId : undefined}
          data-pointer={fieldNameToPointer(name)}
          onClick={onSelect}
        >
          <Box as="span" truncate>
            {title}
          </Box>
          <ProblemCount problems={problems} />
        </Button>
        {!readOnly && (
          <HStack gap="0" flexShrink={0}>
            <IconButton
              aria-label={`Move ${title} up`}
              size="xs"
              variant="ghost"
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              <ArrowUpIcon />
            </IconButton>
            <IconButton
              aria-label={`Move ${title} down`}
              size="xs"
              variant="ghost"
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              <ArrowDownIcon />
            </IconButton>
            <IconButton aria-label={`Remove ${title}`} size="xs" variant="ghost" colorPalette="red" onClick={onRemove}>
              <RemoveIcon />
            </IconButton>
          </HStack>
        )}
      </HStack>
    </Box>
  );
}

interface ItemDetailProps {
  id: string;
  name: string;
  index: number;
  describe: (item: Item, index: number) => string;
  level: HeadingLevel;
  children: ReactNode;
}

/** The selected item's fields: one nesting level (data-form-level), labelled by the item's title. */
function ItemDetail({ id, name, index, describe, level, children }: ItemDetailProps) {
  const item = useItemAt(name);
  const headingId = `${id}-heading`;
  return (
    <Box
      id={id}
      role="group"
      aria-labelledby={headingId}
      data-form-level=""
      borderWidth="1px"
      borderColor="blue.muted"
      borderLeftWidth="3px"
      borderLeftColor="blue.solid"
      borderRadius="md"
      p="3"
      bg="bg"
    >
      <Heading as={`h${level}`} size="sm" id={headingId} mb="3">
        {describe(item, index)}
      </Heading>
      <Stack gap="3">{children}</Stack>
    </Box>
  );
}

const NO_ITEM: Item = {};

/**
 * The list item at a field name, read from the draft store rather than watched in the form: a form watcher
 * of a whole item makes react-hook-form copy every value of the form on each keystroke in it, and the row's
 * label may follow typing a frame late (docs/editor-typing.md#the-fixes).
 */
function useItemAt(name: string): Item {
  const read = useCallback(
    (state: DraftState) => {
      const value = getIn(state.value, fieldNameToPath(name, state.value));
      return typeof value === 'object' && value !== null ? (value as Item) : NO_ITEM;
    },
    [name],
  );
  return useDraftAfterTyping(read, draftStore, name);
}
