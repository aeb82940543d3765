import { Box, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import type { GridCell, GridModel } from './grid-model';

export interface AudienceGridProps {
  grid: GridModel;
  locale: string;
}

/** The item column stays in view while the persona columns scroll sideways (phones show one or two of them). */
const STICKY = { position: 'sticky', insetStart: 0, bg: 'white', zIndex: 1 } as const;

function CellText({ cell }: { cell: GridCell }) {
  if (cell.state === 'always')
    return (
      <Text as="span" color="green.800" fontWeight="medium">
        Shown
      </Text>
    );
  if (cell.state === 'never')
    return (
      <Text as="span" color="gray.600">
        <span aria-hidden="true">–</span>
        <VisuallyHidden>Not shown</VisuallyHidden>
      </Text>
    );
  return (
    <Text as="span" color="orange.800" fontSize="xs">
      <VisuallyHidden>Shown only with </VisuallyHidden>
      {cell.condition}
    </Text>
  );
}

/** Items × personas: for each audience, whether it sees the item across the flag combinations left after the pins. */
export function AudienceGrid({ grid, locale }: AudienceGridProps) {
  const span = grid.columns.length + 1;
  return (
    // Scrolls inside itself (sticky column headers): a locale has a hundred or more rows. Positioned, so the
    // cells' visually hidden (absolutely positioned) labels are clipped here and cannot widen the page.
    <Box
      position="relative"
      overflow="auto"
      maxH="70vh"
      tabIndex={0}
      role="region"
      aria-label={`Audience matrix of ${locale}: items by persona`}
      borderWidth="1px"
      borderRadius="md"
    >
      <Table.Root size="sm" stickyHeader>
        <Table.Caption captionSide="top" textAlign="start" px="3" py="2">
          Items of {locale} by persona
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader minW={{ base: '36', md: '48' }} {...STICKY} zIndex="2">
              Item
            </Table.ColumnHeader>
            {grid.columns.map((c) => (
              <Table.ColumnHeader key={c.persona} minW="32" verticalAlign="bottom">
                <Text as="span" display="block">
                  {c.persona}
                </Text>
                <Text as="span" display="block" fontWeight="normal" fontSize="xs" color="gray.700">
                  {c.page} · {c.combinations} {c.combinations === 1 ? 'combination' : 'combinations'}
                </Text>
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <Table.Row>
            <Table.Cell as="th" scope="row" fontWeight="semibold" {...STICKY}>
              Header
            </Table.Cell>
            {grid.columns.map((c) => (
              <Table.Cell key={c.persona}>{c.headers.join(' or ')}</Table.Cell>
            ))}
          </Table.Row>
        </Table.Body>
        {grid.groups.map((group) => (
          <Table.Body key={group.id}>
            <Table.Row bg="gray.50">
              <Table.Cell as="th" scope="rowgroup" colSpan={span} fontWeight="semibold" color="gray.800">
                {group.label}
              </Table.Cell>
            </Table.Row>
            {group.rows.map((row) => (
              <Table.Row key={row.item.key}>
                <Table.Cell as="th" scope="row" fontWeight="normal" ps="5" {...STICKY}>
                  {row.item.title}
                  <Text as="span" display="block" fontSize="xs" color="gray.700" fontFamily="mono">
                    {row.item.id}
                  </Text>
                </Table.Cell>
                {row.cells.map((cell, i) => (
                  <Table.Cell key={grid.columns[i]!.persona}>
                    <CellText cell={cell} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        ))}
      </Table.Root>
    </Box>
  );
}
