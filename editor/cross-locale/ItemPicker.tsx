import { memo } from 'react';
import { Badge, Combobox, HStack, Portal, Stack, Tag, Text, useFilter, useListCollection } from '@chakra-ui/react';
import type { ItemOption } from './cross-locale-model';

export interface ItemPickerProps {
  options: readonly ItemOption[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  /** How many locale configs the registry has, to say "in 3 of 13". */
  localeCount: number;
}

/** Shown at once while typing: the ids are hundreds, and nobody scrolls past the first matches. */
const SHOWN = 50;

/** Search the item ids of the locale drafts (by id or English label) and pick one or several. Memoised: edits in the table leave it alone. */
export const ItemPicker = memo(function ItemPicker({ options, selected, onChange, localeCount }: ItemPickerProps) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection({
    initialItems: options,
    itemToString: (item) => `${item.id} ${item.label}`,
    itemToValue: (item) => item.id,
    filter: contains,
    limit: SHOWN,
  });
  const byId = new Map(options.map((o) => [o.id, o]));

  return (
    <Stack gap="2">
      <Combobox.Root
        collection={collection}
        multiple
        value={[...selected]}
        onValueChange={(details) => onChange(details.value)}
        onInputValueChange={(details) => filter(details.inputValue)}
        openOnClick
        width={{ base: 'full', md: '32rem' }}
      >
        <Combobox.Label>Items to compare</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder="Type an id or an English label, e.g. login" />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger aria-label="Show the items" />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content>
              <Combobox.Empty>No item id or label matches.</Combobox.Empty>
              {collection.items.map((item) => (
                <Combobox.Item key={item.id} item={item}>
                  <Combobox.ItemText>
                    <Text as="span" fontWeight="medium">
                      {item.id}
                    </Text>{' '}
                    <Text as="span" color="fg.muted">
                      {item.label} · in {item.locales.length} of {localeCount}
                    </Text>
                  </Combobox.ItemText>
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      {selected.length > 0 && (
        <HStack as="ul" aria-label="Items in the table" gap="2" wrap="wrap" listStyleType="none">
          {selected.map((id) => (
            <li key={id}>
              <Tag.Root size="lg" variant="surface">
                <Tag.Label>
                  {id}
                  {byId.get(id) && (
                    <Badge ms="2" size="xs" variant="outline">
                      {byId.get(id)!.locales.length} of {localeCount}
                    </Badge>
                  )}
                </Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger
                    aria-label={`Remove ${id} from the table`}
                    onClick={() => onChange(selected.filter((s) => s !== id))}
                  />
                </Tag.EndElement>
              </Tag.Root>
            </li>
          ))}
        </HStack>
      )}
    </Stack>
  );
});
