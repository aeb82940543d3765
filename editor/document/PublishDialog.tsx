import { Alert, Box, Button, Center, CloseButton, Dialog, Heading, List, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { PublishComparison } from '../audience/analysis';
import { createAnalysisClient, type AnalysisClient } from '../audience/analysis-client';
import { loadPublished, type PublishedDocuments } from '../audience/load-documents';
import { describeBlocking } from '../audience/prepare-documents';
import { groupIdenticalChanges, type AudienceChanges, type ChangeGroup, type ItemChange } from '../audience/audience-diff';
import type { ActionResult } from './use-document-editor';

export interface PublishDialogProps {
  open: boolean;
  documentId: string;
  /** The saved draft about to be published (publishing needs a saved draft). */
  draftText: string;
  draftVersion: number;
  onClose: () => void;
  onPublish: () => Promise<ActionResult>;
  /** Tests run the engine in-thread and stub the published documents. */
  clientFactory?: () => AnalysisClient;
  loader?: (documentId: string) => Promise<PublishedDocuments>;
}

type Review =
  | { state: 'loading' }
  | { state: 'ready'; comparison: Extract<PublishComparison, { kind: 'ready' }>; publishedVersion: number | null; excluded: string[] }
  | { state: 'failed'; message: string };

const MAX_PAGES_NAMED = 3;

function onPages(pages: readonly string[]): string {
  if (pages.length <= MAX_PAGES_NAMED) return `on ${pages.join(', ')}`;
  return `on ${pages.length} pages (${pages.slice(0, MAX_PAGES_NAMED).join(', ')}…)`;
}

function whoFor(group: ChangeGroup, personaCount: number): string {
  return group.audiences.map((a) => `${a.locale}: ${a.personas.length === personaCount ? 'every persona' : a.personas.join(', ')}`).join('; ');
}

function ChangeLines({ verb, sign, changes }: { verb: string; sign: string; changes: readonly ItemChange[] }) {
  return changes.map((c) => (
    <List.Item key={`${sign}${c.key}`}>
      <Text as="span" fontWeight="bold" aria-hidden="true" me="1">{sign}</Text>
      {verb} <Text as="span" fontWeight="semibold">“{c.title}”</Text>{' '}
      <Text as="span" color="gray.700">({c.location}) {onPages(c.pages)}</Text>
    </List.Item>
  ));
}

function GroupChanges({ changes }: { changes: AudienceChanges }) {
  return (
    <List.Root listStyleType="none" ms="0" gap="1" fontSize="sm">
      <ChangeLines verb="Appears:" sign="+" changes={changes.appeared} />
      <ChangeLines verb="Disappears:" sign="−" changes={changes.disappeared} />
      {changes.relabelled.map((c) => (
        <List.Item key={`~${c.key}`}>
          <Text as="span" fontWeight="bold" aria-hidden="true" me="1">~</Text>
          Renamed: “{c.before}” → <Text as="span" fontWeight="semibold">“{c.title}”</Text> <Text as="span" color="gray.700">({c.location}) {onPages(c.pages)}</Text>
        </List.Item>
      ))}
      {changes.flagDependent && (
        <List.Item color="gray.800">
          With other flag combinations: {changes.flagDependent.count} more {changes.flagDependent.count === 1 ? 'item changes' : 'items change'}, e.g. “{changes.flagDependent.exampleItem}” with{' '}
          {changes.flagDependent.example.length > 0 ? `${changes.flagDependent.example.join(', ')} on` : 'every flag off'}.
        </List.Item>
      )}
    </List.Root>
  );
}

function ReviewBody({ review, documentId }: { review: Review; documentId: string }) {
  if (review.state === 'loading')
    return (
      <Center gap="3" p="4">
        <Spinner aria-hidden="true" />
        <Text role="status">Working out what changes for whom…</Text>
      </Center>
    );
  if (review.state === 'failed') return <Text role="alert" color="red.700">The review could not be computed: {review.message.replace(/\.$/, '')}. You can still publish.</Text>;
  const { comparison, publishedVersion, excluded } = review;
  const groups = groupIdenticalChanges(comparison.diff.entries);
  const personaCount = comparison.personas.length;
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="gray.700">
        {publishedVersion === null ? `${documentId} was never published: everything it shows is new.` : `Compared with the published version (v${publishedVersion}), with every flag at its default`}
        {comparison.locales.length > 1 ? `, in all ${comparison.locales.length} locales.` : '.'}
      </Text>
      {groups.length === 0 ? (
        <Text role="status" fontWeight="medium" color="green.800">No visible change for any audience.</Text>
      ) : (
        groups.map((group) => {
          const who = whoFor(group, personaCount);
          return (
            <Box as="section" key={who} aria-label={`Changes for ${who}`} borderWidth="1px" borderRadius="md" p="3">
              <Heading as="h4" size="xs" mb="1">{who}</Heading>
              <GroupChanges changes={group.changes} />
            </Box>
          );
        })
      )}
      {comparison.diff.uncompared.length > 0 && (
        <Text fontSize="sm" color="orange.800">
          Compared at the default flags only (too many flags to try every combination): {comparison.diff.uncompared.map((u) => `${u.locale} ${u.persona} on ${u.page}`).join(', ')}.
        </Text>
      )}
      {excluded.length > 0 && <Text fontSize="sm" color="orange.800">Not compared: {excluded.join('; ')}.</Text>}
      <Text fontSize="xs" color="gray.700">
        Personas: {comparison.personas.map((p) => `${p.id}: ${p.label}`).join(' · ')}. {comparison.combinations.toLocaleString('en-GB')} combinations resolved in {Math.round(comparison.ms)} ms.
      </Text>
    </Stack>
  );
}

/**
 * Publish after review: for each locale × persona, the items that appear, disappear or are
 * renamed compared with what customers load now. The engine runs in a worker; publishing waits for the review,
 * unless the review itself fails (it never blocks a publish).
 */
export function PublishDialog({ open, documentId, draftText, draftVersion, onClose, onPublish, clientFactory = createAnalysisClient, loader = loadPublished }: PublishDialogProps) {
  const [review, setReview] = useState<Review>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const client = clientFactory();
    setReview({ state: 'loading' });
    setError(null);
    (async () => {
      const published = await loader(documentId);
      const comparison = await client.diffPublish(documentId, draftText, published.documents);
      if (cancelled) return;
      if (comparison.kind === 'invalid') setReview({ state: 'failed', message: `the draft does not validate: ${describeBlocking(comparison.problems)}` });
      else setReview({ state: 'ready', comparison, publishedVersion: published.publishedVersion, excluded: [...published.excluded, ...comparison.excluded].map((e) => e.reason) });
    })().catch((e: unknown) => !cancelled && setReview({ state: 'failed', message: e instanceof Error ? e.message : String(e) }));
    return () => {
      cancelled = true;
      client.dispose();
    };
  }, [open, documentId, draftText, clientFactory, loader]);

  async function confirm() {
    setBusy(true);
    setError(null);
    const result = await onPublish();
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.message);
  }

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && !busy && onClose()} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Publish {documentId}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>Customers get draft v{draftVersion} of {documentId} on their next load.</Text>
                <Heading as="h3" size="sm">What changes for whom</Heading>
                <ReviewBody review={review} documentId={documentId} />
                {error && (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>Not published: {error}</Alert.Title>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>Cancel</Button>
              <Button colorPalette="blue" onClick={confirm} loading={busy} disabled={review.state === 'loading'}>
                Publish v{draftVersion}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
