import { Box, Code, Heading, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useId } from 'react';
import type { VersionMeta } from '../../schemas/contracts';
import { documentName } from '../names/document-names';
import { describeResult, type LocaleSaveResult } from './save-locale-edits';

// The merge (and through it Monaco's diff editor) loads only when a save meets a conflict.
const MergeView = lazy(() => import('../review/MergeView').then((m) => ({ default: m.MergeView })));

export type ShownResult = LocaleSaveResult | { locale: string; status: 'merged'; version: number };

const COLOURS = {
  saved: 'green.700',
  merged: 'green.700',
  conflict: 'orange.700',
  invalid: 'red.700',
  failed: 'red.700',
} as const satisfies Record<ShownResult['status'], string>;

export interface SaveResultsProps {
  results: readonly ShownResult[];
  onMerged: (locale: string, saved: VersionMeta) => Promise<void>;
}

/** One line per locale the last save touched, and the three-way merge of each locale that met a conflict. */
export function SaveResults({ results, onMerged }: SaveResultsProps) {
  const headingId = useId();
  if (results.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h2" size="md" id={headingId}>
        Save results
      </Heading>
      <Box role="status">
        <List.Root gap="1" ps="5">
          {results.map((result) => (
            <List.Item
              key={result.locale}
              data-testid={`result-${result.locale}`}
              data-status={result.status}
              color={COLOURS[result.status]}
            >
              <Text as="span" fontWeight="semibold">
                {documentName(result.locale).name} ({result.locale}):
              </Text>{' '}
              {result.status === 'merged' ? `merged and saved as version ${result.version}` : describeResult(result)}
              {result.status === 'invalid' && (
                <List.Root ps="5" fontSize="sm">
                  {result.problems.map((p, i) => (
                    <List.Item key={`${p.pointer}:${i}`}>
                      <Code fontSize="xs">{p.pointer || '/'}</Code> {p.message}
                      {p.hint ? ` (hint: ${p.hint})` : ''}
                    </List.Item>
                  ))}
                </List.Root>
              )}
            </List.Item>
          ))}
        </List.Root>
      </Box>
      {results.map((result) =>
        result.status === 'conflict' ? (
          <Box
            key={`${result.locale}:${result.theirs.version}`}
            as="section"
            aria-label={`Merge ${result.locale}`}
            data-testid={`merge-${result.locale}`}
          >
            <Suspense fallback={<Spinner aria-label={`Loading the merge of ${result.locale}`} />}>
              <MergeView
                base={result.base}
                mine={result.mine}
                theirs={result.theirs}
                onSaved={(saved) => onMerged(result.locale, saved)}
              />
            </Suspense>
          </Box>
        ) : null,
      )}
    </Stack>
  );
}
