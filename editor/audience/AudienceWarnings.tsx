import { Badge, Box, Button, Code, Heading, List, Text } from '@chakra-ui/react';
import type { AudienceProblem, AudienceProblemCode } from '../analysis';

/** What each finding is called where people read it. */
export const PROBLEM_LABELS: Record<AudienceProblemCode, string> = {
  'empty-header': 'Empty header',
  'empty-dropdown': 'Empty dropdown',
  'unsafe-link': 'Unsafe link',
  'invalid-link': 'Invalid link',
  'unknown-route': 'Unknown route',
  'market-without-config': 'Market without config',
  'unseen-item': 'Seen by no audience',
  'missing-in-sibling': 'Missing here',
  'untranslated-label': 'Untranslated label',
  'label-overflow': 'May overflow at 375 px',
  'matrix-truncated': 'Matrix cut short',
};

export interface AudienceWarningsProps {
  documentId: string;
  problems: readonly AudienceProblem[];
  /** Moves the editor to the item; offered only for pointers into the open document. */
  onGoTo?: (pointer: string) => void;
}

/** The engine's findings about the open document, errors first, each with where it is and how to fix it. */
export function AudienceWarnings({ documentId, problems, onGoTo }: AudienceWarningsProps) {
  return (
    <Box as="section" aria-labelledby="audience-warnings-heading">
      <Heading as="h3" size="sm" id="audience-warnings-heading" mb="2">
        Audience warnings ({problems.length})
      </Heading>
      {problems.length === 0 ? (
        <Text color="green.800">
          Every audience sees a complete header and footer: no empty dropdown, unseen item, missing sibling item or
          untranslated label.
        </Text>
      ) : (
        // A sibling locale can lack dozens of the reference's items: the list scrolls rather than push the grid away.
        <List.Root
          gap="2"
          listStyleType="none"
          ms="0"
          maxH="40vh"
          overflowY="auto"
          tabIndex={0}
          aria-label={`Audience warnings of ${documentId}`}
          pe="2"
        >
          {problems.map((p, i) => {
            const here = p.document === documentId;
            const label = PROBLEM_LABELS[p.code];
            return (
              <List.Item
                key={`${p.code}:${p.document}:${p.pointer}:${i}`}
                borderLeftWidth="4px"
                borderColor={p.severity === 'error' ? 'red.600' : 'orange.500'}
                ps="2"
                py="1"
              >
                <Box display="flex" flexWrap="wrap" gap="2" alignItems="center">
                  <Badge colorPalette={p.severity === 'error' ? 'red' : 'orange'}>{p.severity}</Badge>
                  <Text as="span" fontWeight="semibold">
                    {label}
                  </Text>
                  <Code fontSize="xs" wordBreak="break-all">
                    {here ? '' : `${p.document} `}
                    {p.pointer || '/'}
                  </Code>
                  {here && onGoTo && (
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => onGoTo(p.pointer)}
                      aria-label={`Go to ${p.pointer || 'the document'}: ${label}`}
                    >
                      Go to
                    </Button>
                  )}
                </Box>
                <Text>{p.message}</Text>
                {p.hint && (
                  <Text fontSize="sm" color="gray.700">
                    Hint: {p.hint}
                  </Text>
                )}
              </List.Item>
            );
          })}
        </List.Root>
      )}
    </Box>
  );
}
