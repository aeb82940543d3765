import { Box, HStack, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FlagIcon } from '../../runtime/components/MarketPicker/FlagIcon';
import { documentName } from '../names/document-names';

export interface DocumentNameCellProps {
  id: string;
  /** Links the name to the document page; damaged and missing documents cannot be opened. */
  linked?: boolean;
  /** Beside the name: who else has it open. */
  children?: ReactNode;
}

/** The first cell of every dashboard row: the flag (decorative), the country or document name, and the id under it, both linking to the document. */
export function DocumentNameCell({ id, linked = false, children }: DocumentNameCellProps) {
  const { name, flag } = documentName(id);
  return (
    <Table.Cell>
      <HStack gap="2" align="start">
        {/* The shell's own flags (aria-hidden); the shared documents keep the column with an empty box. */}
        <Box
          flexShrink="0"
          width="24px"
          height="16px"
          mt="1"
          borderRadius="2px"
          overflow="hidden"
          boxShadow={flag ? '0 0 0 1px rgba(0,0,0,0.15)' : undefined}
        >
          {flag && <FlagIcon code={flag} />}
        </Box>
        <Stack gap="0">
          <HStack gap="2" wrap="wrap">
            {linked ? (
              <ChakraLink asChild color="blue.700" fontWeight="semibold">
                <Link to={`/documents/${id}`}>{name}</Link>
              </ChakraLink>
            ) : (
              <Text as="span" fontWeight="semibold">
                {name}
              </Text>
            )}
            {children}
          </HStack>
          {linked ? (
            // The id links too, for people (and scripts) who know documents by id; one tab stop per row is enough.
            <ChakraLink asChild fontSize="xs" color="fg.muted" fontFamily="mono" width="fit-content" tabIndex={-1}>
              <Link to={`/documents/${id}`}>{id}</Link>
            </ChakraLink>
          ) : (
            <Text as="span" fontSize="xs" color="fg.muted" fontFamily="mono">
              {id}
            </Text>
          )}
        </Stack>
      </HStack>
    </Table.Cell>
  );
}
