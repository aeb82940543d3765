import { Badge, Box, Button, Center, Heading, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { DocumentId } from '../../schemas/validator/documents';
import { createAnalysisClient, type AnalysisClient } from './analysis-client';
import { loadReviewDocuments, type ReviewDocuments } from './load-documents';
import { describeBlocking } from './prepare-documents';
import { describeAudienceLine } from './review-audiences';
import type { ChangeSetReview, ReviewChange } from './review-engine';
import type { ChangeKind } from './review-items';
import { ReviewPreview } from './ReviewPreview';

export interface ChangeReviewProps {
  /** The documents to review and the drafts they would publish (a change set's members, or one document). */
  members: { id: DocumentId; draftText: string }[];
  /** Told when the review is ready or has failed, so a dialog can hold its publish button meanwhile. */
  onSettled?: (state: 'ready' | 'failed') => void;
  /** Tests run the engine in-thread and stub the published documents. */
  clientFactory?: () => AnalysisClient;
  loader?: (memberIds: readonly string[]) => Promise<ReviewDocuments>;
}

type State =
  | { state: 'loading' }
  | { state: 'ready'; review: Extract<ChangeSetReview, { kind: 'ready' }>; documents: ReviewDocuments }
  | { state: 'failed'; message: string };

const KIND_LABELS = {
  label: 'Label',
  href: 'Link',
  rule: 'Rule',
  order: 'Order',
  'id-rename': 'Id renamed',
  appears: 'Appears',
  disappears: 'Disappears',
} satisfies Record<ChangeKind, string>;

const EFFECT_LABELS = { shown: 'Now shown to', hidden: 'Now hidden from' } as const;

function BeforeAfter({ change }: { change: ReviewChange }) {
  if (change.before === null) return <>“{change.after}”</>;
  if (change.after === null) return <>“{change.before}”</>;
  return (
    <>
      “{change.before}” → “{change.after}”
    </>
  );
}

function ChangeItem({
  change,
  personaCount,
  selected,
  onShow,
}: {
  change: ReviewChange;
  personaCount: number;
  selected: boolean;
  onShow: () => void;
}) {
  const name = `${KIND_LABELS[change.kind]}: ${change.title}`;
  return (
    <Box as="article" aria-label={`${name} (${change.document})`} borderWidth="1px" borderRadius="md" p="3">
      <Stack gap="1" fontSize="sm">
        <Text>
          <Badge
            me="2"
            colorPalette={change.kind === 'disappears' ? 'red' : change.kind === 'appears' ? 'green' : 'blue'}
          >
            {KIND_LABELS[change.kind]}
          </Badge>
          <Text as="span" fontWeight="semibold">
            {change.title}
          </Text>{' '}
          <Text as="span" color="gray.700">
            ({change.document}: {change.location})
          </Text>
        </Text>
        <Text data-testid="change-values">
          <BeforeAfter change={change} />
        </Text>
        {change.audiences.length === 0 ? (
          <Text color="gray.700">No audience sees this change.</Text>
        ) : (
          <List.Root ms="4" gap="0.5" aria-label={`Who sees “${change.title}” change`}>
            {change.audiences.map((line) => {
              const text = describeAudienceLine(line, personaCount);
              return (
                <List.Item key={`${line.effect ?? ''}${text}`}>
                  {line.effect ? `${EFFECT_LABELS[line.effect]} ` : ''}
                  <Text as="span" data-testid="audience">
                    {text}
                  </Text>{' '}
                  <Text as="span" color="gray.600">
                    (on {line.pages.join(', ')})
                  </Text>
                </List.Item>
              );
            })}
          </List.Root>
        )}
        {change.truncated.length > 0 && (
          <Text color="orange.800">
            Also named by its rules, kept at their defaults (too many to try every combination):{' '}
            {change.truncated.map((v) => v.id).join(', ')}.
          </Text>
        )}
        {change.example && (
          <Box>
            <Button size="xs" variant="outline" onClick={onShow} aria-pressed={selected}>
              {selected ? 'Showing before and after' : 'Show before and after'}
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}

function Ready({ review, documents }: Extract<State, { state: 'ready' }>) {
  const [chosen, setChosen] = useState<number | null>(null);
  const personaCount = review.personas.length;
  const choice = chosen === null ? undefined : review.changes[chosen];
  const draft = choice?.example ? review.drafts.find((d) => d.id === choice.example!.document)?.value : undefined;
  const published = choice?.example ? documents.publishedVersions.get(choice.example.document) !== null : false;
  return (
    <Stack gap="3">
      {review.changes.length === 0 ? (
        <Text role="status" fontWeight="medium" color="green.800">
          No item changes for any audience.
        </Text>
      ) : (
        <Text role="status" fontSize="sm">
          {review.changes.length} {review.changes.length === 1 ? 'change' : 'changes'}, each with every audience that
          sees it: locale, persona and the flags or access it needs.
        </Text>
      )}
      {review.changes.map((change, i) => (
        <ChangeItem
          key={`${change.document} ${change.kind} ${change.pointer}`}
          change={change}
          personaCount={personaCount}
          selected={chosen === i}
          onShow={() => setChosen(chosen === i ? null : i)}
        />
      ))}
      {choice?.example && <ReviewPreview key={chosen} scenario={choice.example} draft={draft} published={published} />}
      {review.otherChanges.length > 0 && (
        <Text fontSize="sm" color="orange.800">
          Also changed, outside the menus and links (not compared per audience):{' '}
          {review.otherChanges.map((o) => `${o.document}: ${o.keys.join(', ')}`).join('; ')}.
        </Text>
      )}
      {review.defaultFlags && (
        <Text fontSize="sm" color="orange.800">
          Flags on by default change from {review.defaultFlags.before.join(', ') || 'none'} to{' '}
          {review.defaultFlags.after.join(', ') || 'none'}.
        </Text>
      )}
      {[...documents.excluded, ...review.excluded].length > 0 && (
        <Text fontSize="sm" color="orange.800">
          Not compared: {[...documents.excluded, ...review.excluded].map((e) => e.reason).join('; ')}.
        </Text>
      )}
      <Text fontSize="xs" color="gray.700">
        Personas: {review.personas.map((p) => `${p.id}: ${p.label}`).join(' · ')}.{' '}
        {review.combinations.toLocaleString('en-GB')} combinations resolved in {Math.round(review.ms)} ms.
      </Text>
    </Stack>
  );
}

/**
 * The publish review (docs/workflow.md#publish-review): every changed item of the members, with exactly who
 * sees the change, and a visual before/after of a chosen one. The engine runs in the audience worker, loaded
 * when this mounts.
 */
export function ChangeReview({
  members,
  onSettled,
  clientFactory = createAnalysisClient,
  loader = loadReviewDocuments,
}: ChangeReviewProps) {
  const [state, setState] = useState<State>({ state: 'loading' });
  // The members' identity changes with every parent render; their content is what matters.
  const key = JSON.stringify(members);
  useEffect(() => {
    let cancelled = false;
    const current = JSON.parse(key) as ChangeReviewProps['members'];
    const client = clientFactory();
    setState({ state: 'loading' });
    (async () => {
      const documents = await loader(current.map((m) => m.id));
      const review = await client.reviewChanges({
        members: current.map((m) => ({
          id: m.id,
          publishedText: documents.published.get(m.id) ?? null,
          draftText: m.draftText,
        })),
        others: documents.others,
      });
      if (cancelled) return;
      if (review.kind === 'invalid') {
        setState({
          state: 'failed',
          message: `the draft of ${review.document} does not validate: ${describeBlocking(review.problems)}`,
        });
        onSettled?.('failed');
      } else {
        setState({ state: 'ready', review, documents });
        onSettled?.('ready');
      }
    })().catch((e: unknown) => {
      if (cancelled) return;
      setState({ state: 'failed', message: e instanceof Error ? e.message : String(e) });
      onSettled?.('failed');
    });
    return () => {
      cancelled = true;
      client.dispose();
    };
    // onSettled is a notification; a new function identity is no reason to review again.
  }, [key, clientFactory, loader]);

  return (
    <Stack as="section" aria-label="Publish review" gap="2">
      <Heading as="h3" size="sm">
        What changes for whom
      </Heading>
      {state.state === 'loading' && (
        <Center gap="3" p="4">
          <Spinner aria-hidden="true" />
          <Text role="status">Working out what changes for whom…</Text>
        </Center>
      )}
      {state.state === 'failed' && (
        <Text role="alert" color="red.700">
          The review could not be computed: {state.message.replace(/\.$/, '')}.
        </Text>
      )}
      {state.state === 'ready' && <Ready {...state} />}
    </Stack>
  );
}
