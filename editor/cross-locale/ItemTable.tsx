import {
  Badge,
  Box,
  Code,
  HStack,
  Input,
  Link as ChakraLink,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { describeRule } from '../form-view/rule-kinds';
import {
  fieldLink,
  FLAG_LABELS,
  groupSummary,
  type CellFlag,
  type EditableField,
  type FlagCode,
  type ItemRow,
} from './cross-locale-model';
import { documentName } from '../names/document-names';

export interface ItemTableProps {
  /** Item id → one row per locale. */
  rows: ReadonlyMap<string, ItemRow[]>;
  canEdit: boolean;
  /** Locales whose edits wait in a merge: shown, not editable, until the merge is saved. */
  locked: ReadonlySet<string>;
  onEdit: (locale: string, pointer: string, value: string, saved: string) => void;
  /** Heading id of the page, to name the table. */
  labelledBy: string;
}

const FLAG_PALETTES = { missing: 'red', untranslated: 'orange', 'too-long': 'purple' } as const satisfies Record<
  FlagCode,
  string
>;

/**
 * Rows are locales, one group per item; columns are the label, the link and the visibility rule of that item in
 * each locale's draft. Each cell links to its field in the document (docs/editor-cross-locale.md#links).
 */
export function ItemTable({ rows, canEdit, locked, onEdit, labelledBy }: ItemTableProps) {
  return (
    // The scroll area keeps lines from wrapping; the flags' sentences must wrap inside their cell instead.
    <Table.ScrollArea borderWidth="1px" borderRadius="md" whiteSpace="normal">
      <Table.Root size="sm" aria-labelledby={labelledBy} css={{ '& td, & th': { verticalAlign: 'top' } }}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col" minW="10rem">
              Locale
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" minW="16rem">
              Label
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" minW="14rem">
              Link (href)
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" minW="12rem">
              Visibility rule
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        {[...rows].map(([itemId, itemRows]) => (
          <Table.Body key={itemId} data-testid={`item-group-${itemId}`}>
            <Table.Row bg="bg.muted">
              <Table.ColumnHeader as="th" scope="rowgroup" colSpan={4} fontSize="md">
                {itemId}{' '}
                <Text as="span" fontWeight="normal" color="fg.muted">
                  {groupSummary(itemRows)}
                </Text>
              </Table.ColumnHeader>
            </Table.Row>
            {itemRows.map((row) => (
              <LocaleRow
                key={row.locale}
                row={row}
                canEdit={canEdit && !locked.has(row.locale)}
                locked={locked.has(row.locale)}
                onEdit={onEdit}
              />
            ))}
          </Table.Body>
        ))}
      </Table.Root>
    </Table.ScrollArea>
  );
}

interface LocaleRowProps {
  row: ItemRow;
  canEdit: boolean;
  locked: boolean;
  onEdit: ItemTableProps['onEdit'];
}

/**
 * A keystroke changes one row: the others keep their values and flags, so they skip rendering (typing costs one
 * row, not the table).
 */
const LocaleRow = memo(function LocaleRow({ row, canEdit, locked, onEdit }: LocaleRowProps) {
  const header = (
    <Table.ColumnHeader as="th" scope="row" fontWeight="normal">
      <Text fontWeight="semibold">{documentName(row.locale).name}</Text>
      <Code fontSize="xs">{row.locale}</Code>
      {locked && (
        <Text fontSize="xs" color="orange.700">
          Edit kept until merged
        </Text>
      )}
    </Table.ColumnHeader>
  );
  if (row.state === 'unavailable')
    return (
      <Table.Row data-testid={`row-${row.itemId}-${row.locale}`}>
        {header}
        <Table.Cell colSpan={3}>
          <Text color="red.700">Not shown: {row.reason}.</Text>
        </Table.Cell>
      </Table.Row>
    );
  if (row.state === 'missing')
    return (
      <Table.Row data-testid={`row-${row.itemId}-${row.locale}`}>
        {header}
        <Table.Cell colSpan={3}>
          <Flags flags={row.flags} />
          <ChakraLink asChild color="blue.700" fontSize="xs">
            <Link to={`/documents/${encodeURIComponent(row.locale)}`}>Open {row.locale} to add it</Link>
          </ChakraLink>
        </Table.Cell>
      </Table.Row>
    );
  const where = `"${row.itemId}" in ${row.locale}`;
  return (
    <Table.Row data-testid={`row-${row.itemId}-${row.locale}`}>
      {header}
      <Table.Cell>
        <Stack gap="1">
          <FieldInput
            field={row.label}
            label={`Label of ${where}`}
            canEdit={canEdit}
            onEdit={(value) => onEdit(row.locale, row.label.pointer, value, row.label.saved)}
          />
          <Flags flags={row.flags} />
          <CellLink pointer={row.label.pointer} locale={row.locale} what={`the label of ${where}`} />
        </Stack>
      </Table.Cell>
      <Table.Cell>
        {row.href ? (
          <Stack gap="1">
            <FieldInput
              field={row.href}
              label={`Link of ${where}`}
              canEdit={canEdit}
              onEdit={(value) => onEdit(row.locale, row.href!.pointer, value, row.href!.saved)}
            />
            <CellLink locale={row.locale} pointer={row.href.pointer} what={`the link of ${where}`} />
          </Stack>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            No link ({row.location})
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Stack gap="1">
          <Text fontSize="sm">{row.rule ? describeRule(row.rule) : 'always shown'}</Text>
          <CellLink
            locale={row.locale}
            pointer={row.rulePointer ?? row.pointer}
            what={`the visibility rule of ${where}`}
          />
        </Stack>
      </Table.Cell>
    </Table.Row>
  );
}, sameRow);

function sameRow(a: LocaleRowProps, b: LocaleRowProps): boolean {
  return (
    a.canEdit === b.canEdit &&
    a.locked === b.locked &&
    a.onEdit === b.onEdit &&
    JSON.stringify(a.row) === JSON.stringify(b.row)
  );
}

function FieldInput({
  field,
  label,
  canEdit,
  onEdit,
}: {
  field: EditableField;
  label: string;
  canEdit: boolean;
  onEdit: (value: string) => void;
}) {
  return (
    <HStack gap="2">
      <Input
        size="sm"
        aria-label={label}
        value={field.value}
        readOnly={!canEdit}
        data-edited={field.edited ? '' : undefined}
        borderColor={field.edited ? 'blue.600' : undefined}
        borderWidth={field.edited ? '2px' : undefined}
        onChange={(e) => onEdit(e.target.value)}
      />
      {field.edited && (
        <Badge colorPalette="blue" variant="subtle" flexShrink={0}>
          Edited
        </Badge>
      )}
    </HStack>
  );
}

function Flags({ flags }: { flags: readonly CellFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <Box as="ul" listStyleType="none" aria-label="Flags">
      {flags.map((flag) => (
        <Box as="li" key={flag.code} fontSize="xs" data-flag={flag.code}>
          <Badge colorPalette={FLAG_PALETTES[flag.code]} variant="subtle" me="1">
            {FLAG_LABELS[flag.code]}
          </Badge>
          <Text as="span" color="fg.muted">
            {flag.message}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

function CellLink({ locale, pointer, what }: { locale: string; pointer: string; what: string }) {
  return (
    <ChakraLink asChild color="blue.700" fontSize="xs" alignSelf="start">
      <Link to={fieldLink(locale, pointer)}>
        Open in editor <VisuallyHidden>for {what}</VisuallyHidden>
      </Link>
    </ChakraLink>
  );
}
