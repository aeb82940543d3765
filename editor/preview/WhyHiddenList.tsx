import { Code, Stack, Table, Text } from '@chakra-ui/react';
import type { HiddenItemFact } from '../../schemas/contracts/preview-protocol';

export interface WhyHiddenListProps {
  /** undefined until the preview has answered the switch. */
  items: readonly HiddenItemFact[] | undefined;
}

/** The items rules hid for this combination, where they live, and the rule that hid each one. */
export function WhyHiddenList({ items }: WhyHiddenListProps) {
  if (!items)
    return (
      <Text fontSize="sm" aria-busy="true">
        Asking the preview…
      </Text>
    );
  if (items.length === 0) return <Text fontSize="sm">No item is hidden by a rule in this combination.</Text>;
  return (
    <Stack gap="1">
      <Table.Root size="sm" variant="outline" aria-label="Items hidden by rules">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Item</Table.ColumnHeader>
            <Table.ColumnHeader>Where</Table.ColumnHeader>
            <Table.ColumnHeader>Why</Table.ColumnHeader>
            <Table.ColumnHeader>Rule</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item, index) => (
            <Table.Row key={`${item.location}/${item.id}/${index}`}>
              <Table.Cell>
                {item.title}{' '}
                <Text as="span" color="gray.700" fontSize="xs">
                  ({item.id})
                </Text>
              </Table.Cell>
              <Table.Cell>{item.location}</Table.Cell>
              <Table.Cell>{item.reason}</Table.Cell>
              <Table.Cell>
                <Code fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word">
                  {JSON.stringify(item.rule)}
                </Code>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
