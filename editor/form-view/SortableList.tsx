/**
 * A reorderable list of objects (nav items, menu items, footer columns, links, markets, flags…): add, remove,
 * move up/down buttons, and drag and drop by pointer or keyboard (dnd-kit's KeyboardSensor with
 * sortableKeyboardCoordinates: focus the handle, Space to lift, arrows to move, Space to drop, Escape to cancel).
 * Every change writes the whole list to the store as one undo step.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, Button, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { get, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { fieldNameToPointer } from '../store/json-path';
import { errorText } from './fields';
import { useFormBinding } from './form-binding';
import { useFormUi } from './form-ui-store';
import { Group } from './Group';

type Item = Record<string, unknown>;

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
  /** The item's fields, shown when it is open. */
  renderItem: (itemName: string, index: number) => ReactNode;
  level?: 2 | 3 | 4 | 5 | 6;
}

export function SortableList({ name, label, noun, newItem, describe, renderItem, level = 4 }: SortableListProps) {
  const { control, getValues } = useFormContext();
  const { fields, move, remove, append } = useFieldArray({ control, name, keyName: 'key' });
  const { readOnly, commit } = useFormBinding();
  const reindex = useFormUi((s) => s.reindex);
  const goTo = useFormUi((s) => s.goTo);
  const { errors } = useFormState({ name });
  const listError = errorText(get(errors, `${name}.root`));
  const pointer = fieldNameToPointer(name);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const items = fields as unknown as (Item & { key: string })[];
  const titleOf = (key: unknown): string => {
    const index = items.findIndex((f) => f.key === key);
    return index < 0 ? 'item' : describe(items[index]!, index);
  };
  const sync = () => commit(name, getValues(name), { merge: false });

  const moveItem = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    move(from, to);
    reindex(pointer, (i) => (i === from ? to : from < to && i > from && i <= to ? i - 1 : from > to && i >= to && i < from ? i + 1 : i));
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
    moveItem(items.findIndex((f) => f.key === active.id), items.findIndex((f) => f.key === over.id));
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is over position ${items.findIndex((f) => f.key === over.id) + 1} of ${items.length}.` : `${titleOf(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `Dropped ${titleOf(active.id)} at position ${items.findIndex((f) => f.key === over.id) + 1} of ${items.length}.` : `Dropped ${titleOf(active.id)}.`),
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };
  const ids = useMemo(() => items.map((f) => f.key), [items]);

  return (
    <Stack gap="2" as="section" aria-label={label}>
      <HStack justify="space-between">
        <Heading as={`h${level}`} size="xs">
          {label} ({items.length})
        </Heading>
        {!readOnly && (
          <Button size="xs" variant="outline" onClick={addItem}>
            Add {noun}
          </Button>
        )}
      </HStack>
      {listError && (
        <Text color="red.700" fontSize="sm" data-pointer={pointer}>
          {listError}
        </Text>
      )}
      {items.length === 0 && <Text fontSize="sm" color="gray.700">No {noun}s.</Text>}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack as="ol" gap="2" listStyleType="none" ms="0">
            {items.map((f, index) => (
              <SortableItem
                key={f.key}
                id={f.key}
                name={`${name}.${index}`}
                index={index}
                count={items.length}
                readOnly={readOnly}
                describe={describe}
                level={Math.min(level + 1, 6) as 3 | 4 | 5 | 6}
                onMove={(to) => moveItem(index, to)}
                onRemove={() => removeItem(index)}
              >
                {renderItem(`${name}.${index}`, index)}
              </SortableItem>
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    </Stack>
  );
}

interface SortableItemProps {
  id: string;
  name: string;
  index: number;
  count: number;
  readOnly: boolean;
  describe: (item: Item, index: number) => string;
  level: 3 | 4 | 5 | 6;
  onMove: (to: number) => void;
  onRemove: () => void;
  children: ReactNode;
}

function SortableItem({ id, name, index, count, readOnly, describe, level, onMove, onRemove, children }: SortableItemProps) {
  const item = (useWatch({ name }) ?? {}) as Item;
  const title = describe(item, index);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: readOnly });
  const actions = readOnly ? null : (
    <HStack gap="0.5" flexShrink={0}>
      <IconButton ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Drag ${title} to reorder`} size="xs" variant="ghost" cursor="grab">
        <span aria-hidden="true">⠿</span>
      </IconButton>
      <IconButton aria-label={`Move ${title} up`} size="xs" variant="ghost" disabled={index === 0} onClick={() => onMove(index - 1)}>
        <span aria-hidden="true">↑</span>
      </IconButton>
      <IconButton aria-label={`Move ${title} down`} size="xs" variant="ghost" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
        <span aria-hidden="true">↓</span>
      </IconButton>
      <IconButton aria-label={`Remove ${title}`} size="xs" variant="ghost" colorPalette="red" onClick={onRemove}>
        <span aria-hidden="true">✕</span>
      </IconButton>
    </HStack>
  );
  return (
    <Box as="li" ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} position="relative" zIndex={isDragging ? 2 : undefined} opacity={isDragging ? 0.85 : 1}>
      <Group name={name} title={title} level={level} actions={actions}>
        {children}
      </Group>
    </Box>
  );
}
