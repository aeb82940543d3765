import { Badge, Box, Button, Collapsible, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Problem } from '../../schemas/contracts';
import { useValidatorStatus } from '../validation/live-validator';
import type { ProblemRow } from '../validation/problem-rows';
import { ProblemList } from './ProblemList';

export interface ProblemListPanelProps {
  problems: readonly Problem[];
  serverProblems: readonly Problem[];
  onSelect: (row: ProblemRow) => void;
  goesTo: 'line' | 'field';
  /** What sits at the start of the bar, before the problems button (the breadcrumbs). */
  lead: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The button's text: "No problems", "1 problem", "3 problems" (live and server problems together). */
export function problemCountText(live: number, server: number): string {
  const total = live + server;
  if (total === 0) return 'No problems';
  return `${total} problem${total === 1 ? '' : 's'}`;
}

/**
 * The problems of the draft behind a button with their count (docs/editor-workspace.md#problems), instead of
 * a column beside the form: the form shows each problem at its field, and the list, with Go to, is one
 * click away.
 */
export function ProblemListPanel({
  problems,
  serverProblems,
  onSelect,
  goesTo,
  lead,
  open,
  onOpenChange,
}: ProblemListPanelProps) {
  const total = problems.length + serverProblems.length;
  // The validator loads right after the form (docs/editor-bundle.md#the-validator): until then, no count yet; if its
  // chunk does not arrive, the button says so (docs/editor-bundle.md#when-the-validator-does-not-load).
  const checks = useValidatorStatus();
  const checking = checks !== 'ready' && total === 0;
  return (
    <Collapsible.Root open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <HStack justify="space-between" align="center" gap="3" minH="8">
        <Box minW="0" flex="1">
          {lead}
        </Box>
        <Collapsible.Trigger asChild>
          <Button
            size="sm"
            variant={total > 0 ? 'solid' : 'outline'}
            colorPalette={total > 0 ? 'red' : checking ? 'gray' : 'green'}
            flexShrink={0}
          >
            {checking
              ? checks === 'failed'
                ? 'Checks could not load'
                : 'Checking…'
              : problemCountText(problems.length, serverProblems.length)}
            {serverProblems.length > 0 && (
              <Badge colorPalette="red" variant="surface">
                {serverProblems.length} from the server
              </Badge>
            )}
          </Button>
        </Collapsible.Trigger>
      </HStack>
      <Collapsible.Content>
        <Stack gap="4" mt="3" p="3" borderWidth="1px" borderRadius="md" maxH="40vh" overflowY="auto">
          <ProblemList
            title="Problems"
            problems={problems}
            emptyText="No problems: the draft passes the schema and cross-file checks."
            onSelect={onSelect}
            goesTo={goesTo}
          />
          {serverProblems.length > 0 && (
            <ProblemList
              title="Problems reported by the server"
              problems={serverProblems}
              onSelect={onSelect}
              goesTo={goesTo}
            />
          )}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
