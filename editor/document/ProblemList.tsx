import { Box, Button, Heading, List, Text } from '@chakra-ui/react';
import type { Problem } from '../../schemas/contracts';
import { toProblemRows, type ProblemRow } from '../validation/problem-rows';

export interface ProblemListProps {
  title: string;
  problems: readonly Problem[];
  emptyText?: string;
  onSelect?: (row: ProblemRow) => void;
  /** Where a click goes: the JSON view's line (default) or the form view's field. */
  goesTo?: 'line' | 'field';
}

/** Problems with pointer, line:col, message and hint; a click moves the JSON view's cursor to the line, or focuses the form field. */
export function ProblemList({ title, problems, emptyText, onSelect, goesTo = 'line' }: ProblemListProps) {
  const rows = toProblemRows(problems);
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" size="md" mb="2">
        {title} ({rows.length})
      </Heading>
      {rows.length === 0 ? (
        emptyText && <Text color="green.800">{emptyText}</Text>
      ) : (
        <List.Root gap="2" listStyleType="none" ms="0">
          {rows.map((row) => (
            <List.Item key={row.key} borderLeftWidth="4px" borderColor="red.600" ps="2">
              <Button
                variant="ghost"
                size="xs"
                h="auto"
                py="1"
                px="1"
                whiteSpace="normal"
                textAlign="start"
                display="block"
                onClick={() => onSelect?.(row)}
                aria-label={
                  goesTo === 'field'
                    ? `Go to the field ${row.target || '/'}: ${row.message}`
                    : `Go to line ${row.line}, column ${row.column}: ${row.message}`
                }
              >
                <Text as="span" fontFamily="mono" fontSize="xs" color="gray.700">
                  {row.location} {row.pointer}
                </Text>
                <Text as="span" display="block" fontWeight="medium">
                  {row.message}
                </Text>
                {row.hint && (
                  <Text as="span" display="block" fontSize="sm" color="gray.700">
                    Hint: {row.hint}
                  </Text>
                )}
              </Button>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
}
