import {
  Alert,
  Box,
  Button,
  Center,
  Field,
  Heading,
  HStack,
  NativeSelect,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { memo, useMemo, useState } from 'react';
import { SourceMap } from '../../schemas/validator/source-map';
import { draftStore } from '../store/draft-store';
import type { AnalysisClient } from './analysis-client';
import { AudienceGrid } from './AudienceGrid';
import { AudienceWarnings } from './AudienceWarnings';
import { buildGrid, type FlagPin, type FlagPins, type PageChoice } from './grid-model';
import { useAudienceMatrix } from './use-audience-matrix';

/** Where "Go to" lands: the pointer for the form view, its line and column for the JSON view. */
export interface PointerTarget {
  pointer: string;
  line: number;
  column: number;
}

export interface AudiencePanelProps {
  documentId: string;
  onGoTo?: (target: PointerTarget) => void;
  /** Shows a Hide button that calls this (the document page closes the panel, which stops its worker). */
  onClose?: () => void;
  /** Tests pass a client that runs in-thread; the page uses the worker. */
  clientFactory?: () => AnalysisClient;
}

const PIN_LABEL: Record<FlagPin, string> = { any: 'any', on: 'on', off: 'off' };
const number = new Intl.NumberFormat('en-GB');

/**
 * The audience matrix of the open locale draft (docs/lint-matrix.md): who sees which item, per persona and flag
 * combination, and what no audience should get. Loaded lazily with its own chunk; the engine runs in a worker.
 */
function AudiencePanel({ documentId, onGoTo, onClose, clientFactory }: AudiencePanelProps) {
  const state = useAudienceMatrix(documentId, clientFactory);
  const [choice, setChoice] = useState<PageChoice>('auto');
  const [pins, setPins] = useState<FlagPins>({});
  const { summary } = state;
  const grid = useMemo(() => (summary ? buildGrid(summary, choice, pins) : null), [summary, choice, pins]);

  const goTo =
    onGoTo && ((pointer: string) => onGoTo({ pointer, ...new SourceMap(draftStore.getState().text).locate(pointer) }));
  const defaults = new Set(summary?.defaultFlags ?? []);
  const pinDefaults = () =>
    grid && setPins(Object.fromEntries(grid.flags.map((f) => [f, defaults.has(f) ? 'on' : 'off'])));

  return (
    <Stack as="section" aria-labelledby="audience-heading" gap="3">
      <HStack justify="space-between" gap="3">
        <Heading as="h2" size="md" id="audience-heading">
          Audience matrix
        </Heading>
        {onClose && (
          <Button size="sm" variant="ghost" onClick={onClose}>
            Hide the audience matrix
          </Button>
        )}
      </HStack>
      {state.notALocale ? (
        <Text>
          {documentId} is not a locale: its effect on every locale’s audiences is listed when you publish it. Open a
          locale to see its matrix.
        </Text>
      ) : (
        <>
          <Text fontSize="sm" color="gray.700" aria-live="polite">
            {state.computing && !summary ? 'Resolving every persona × page × flag combination…' : null}
            {summary && state.timing
              ? `${number.format(summary.combinations)} combinations of ${summary.locale} (${summary.pages.length} pages × ${summary.personas.length} personas × the flags each view reads) resolved in ${Math.round(state.timing.engineMs)} ms ${state.timing.inWorker ? 'in a worker' : 'on the page'}${state.computing ? '; updating…' : '.'}`
              : null}
          </Text>
          {state.invalidReason && (
            <Alert.Root status="warning" role="status">
              <Alert.Indicator />
              <Alert.Title>
                The draft does not validate ({state.invalidReason}).{' '}
                {summary ? 'The matrix shows the last valid draft.' : 'The matrix appears once the draft validates.'}
              </Alert.Title>
            </Alert.Root>
          )}
          {state.error && (
            <Text role="alert" color="red.700">
              The audience matrix could not be computed: {state.error}
            </Text>
          )}
          {state.excluded.length > 0 && (
            <Text fontSize="sm" color="orange.800">
              Left out of the sibling, fallback and market checks: {state.excluded.map((e) => e.reason).join('; ')}.
            </Text>
          )}
          {!summary && !state.error && !state.invalidReason && (
            <Center p="4">
              <Spinner aria-label="Computing the audience matrix" />
            </Center>
          )}
          {summary && grid && (
            <>
              <AudienceWarnings
                documentId={documentId}
                problems={summary.problems}
                {...(goTo ? { onGoTo: goTo } : {})}
              />
              <HStack gap="4" wrap="wrap" align="end">
                <Field.Root w="auto">
                  <Field.Label>Page</Field.Label>
                  <NativeSelect.Root size="sm" w="80" maxW="full">
                    <NativeSelect.Field value={choice} onChange={(e) => setChoice(e.target.value)}>
                      <option value="auto">home for visitors, dashboard otherwise</option>
                      {summary.pages.map((p) => (
                        <option key={p} value={p}>
                          {p}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                {grid.flags.map((flag) => (
                  <Field.Root key={flag} w="auto">
                    <Field.Label fontFamily="mono" fontSize="xs">
                      {flag}
                      {defaults.has(flag) ? ' (default on)' : ''}
                    </Field.Label>
                    <NativeSelect.Root size="xs" w="24">
                      <NativeSelect.Field
                        value={pins[flag] ?? 'any'}
                        onChange={(e) => setPins({ ...pins, [flag]: e.target.value as FlagPin })}
                      >
                        {(['any', 'on', 'off'] as const).map((pin) => (
                          <option key={pin} value={pin}>
                            {PIN_LABEL[pin]}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                ))}
                {grid.flags.length > 0 && (
                  <HStack gap="2">
                    <Button size="xs" variant="outline" onClick={pinDefaults}>
                      Defaults only
                    </Button>
                    <Button size="xs" variant="ghost" onClick={() => setPins({})}>
                      Every combination
                    </Button>
                  </HStack>
                )}
              </HStack>
              <Text fontSize="sm" color="gray.700">
                “Shown”: in every flag combination left after the pins; a flag condition: only then; “–”: never.
              </Text>
              <AudienceGrid grid={grid} locale={summary.locale} />
              <Box fontSize="xs" color="gray.700">
                {grid.hiddenEverywhere > 0 && (
                  <Text>
                    {grid.hiddenEverywhere} items of {summary.locale} are shown to none of these audiences on this page
                    (they are left out).
                  </Text>
                )}
                <Text>Personas: {summary.personas.map((p) => `${p.id}: ${p.label}`).join(' · ')}.</Text>
              </Box>
            </>
          )}
        </>
      )}
    </Stack>
  );
}

/** Memoised: the document page re-renders on every keystroke, the matrix only when its settled draft changes. */
export default memo(AudiencePanel);
