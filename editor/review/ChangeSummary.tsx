import { Code, List, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { listChanges, type JsonChange } from './json-changes';
import { parseJson } from './json-value';

export interface ChangeSummaryProps {
  before: string;
  after: string;
  /** How many changes are listed by pointer before the rest is counted. */
  limit?: number;
}

const VERB: Record<JsonChange['kind'], string> = {
  added: 'added',
  removed: 'removed',
  changed: 'changed',
  reordered: 'reordered',
};

/** The diff in words: which JSON pointers were added, removed or changed. Beside the Monaco diff, for reading and for screen readers. */
export function ChangeSummary({ before, after, limit = 8 }: ChangeSummaryProps) {
  const summary = useMemo(() => summarise(before, after), [before, after]);
  if (summary.kind === 'unparsed')
    return (
      <Text fontSize="sm">
        The texts differ; one of them is not valid JSON, so the change cannot be listed by field.
      </Text>
    );
  if (summary.kind === 'same') return <Text fontSize="sm">No changes.</Text>;
  if (summary.changes.length === 0)
    return <Text fontSize="sm">Only the formatting differs; the content is the same.</Text>;
  const { changes } = summary;
  const shown = changes.slice(0, limit);
  return (
    <>
      <Text fontSize="sm" fontWeight="medium">
        {changes.length === 1 ? '1 change' : `${changes.length} changes`}
      </Text>
      <List.Root fontSize="sm" ps="5" gap="0.5">
        {shown.map((change) => (
          <List.Item key={`${change.kind}:${change.pointer}`}>
            <Code fontSize="xs">{change.pointer || '/'}</Code> {VERB[change.kind]}
          </List.Item>
        ))}
        {changes.length > shown.length && <List.Item>and {changes.length - shown.length} more</List.Item>}
      </List.Root>
    </>
  );
}

type Summary = { kind: 'same' } | { kind: 'unparsed' } | { kind: 'changes'; changes: JsonChange[] };

function summarise(before: string, after: string): Summary {
  if (before === after) return { kind: 'same' };
  const [a, b] = [parseJson(before), parseJson(after)];
  if (!a.ok || !b.ok) return { kind: 'unparsed' };
  return { kind: 'changes', changes: listChanges(a.value, b.value) };
}
