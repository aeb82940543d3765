import { Alert, Code, List, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import type { DocumentId } from '../../schemas/validator';
import type { PreviewFacts } from '../../schemas/contracts/preview-protocol';
import type { DraftFeedStatus } from './draft-feed';
import type { RenderedFeed } from './use-preview-channel';

export interface PreviewStatusProps {
  documentId: DocumentId;
  feed: DraftFeedStatus | null;
  rendered: PreviewFacts['PREVIEW_RENDERED'] | null;
  rejected: PreviewFacts['DRAFT_REJECTED'] | null;
  scenarioRejected: PreviewFacts['SCENARIO_REJECTED'] | null;
  /** Every render as it arrives, for the versions line; without it the line shows `rendered`. */
  renderedFeed?: RenderedFeed;
}

const kept = (revision: number | null) =>
  revision === null ? 'the published version' : `the draft as it was at edit ${revision}`;

/** What the preview shows right now, said in words: live draft, last valid state, or another document. */
export function PreviewStatus({
  documentId,
  feed,
  rendered,
  rejected,
  scenarioRejected,
  renderedFeed,
}: PreviewStatusProps) {
  const draftOnScreen = rendered?.shown.some((s) => s.documentId === documentId && s.source === 'draft') ?? false;
  const renders = rendered?.shown[0]?.documentId;
  let message;
  if (feed?.kind === 'invalid') {
    message = (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            The draft has {feed.problemCount} problem{feed.problemCount === 1 ? '' : 's'}: the preview keeps showing the
            last valid version until {feed.problemCount === 1 ? 'it is' : 'they are'} fixed.
          </Alert.Title>
          <Alert.Description>
            Line {feed.first.line}, column {feed.first.column}
            {feed.first.pointer && (
              <>
                {' '}
                (<Code>{feed.first.pointer}</Code>)
              </>
            )}
            : {feed.first.message}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  } else if (rejected) {
    message = (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>
          The preview could not use edit {rejected.revision}: {rejected.reason}. It keeps showing{' '}
          {kept(rejected.keptRevision)}.
        </Alert.Title>
      </Alert.Root>
    );
  } else if (rendered && !draftOnScreen && renders && renders !== documentId) {
    message = (
      <Text fontSize="sm">
        This combination renders the published <Code>{renders}</Code>; the {documentId} draft is not part of it. Pick
        locale {documentId} to see your draft.
      </Text>
    );
  } else if (draftOnScreen) {
    message = (
      <Text fontSize="sm">Live: the preview shows the {documentId} draft as it is in the editor, saved or not.</Text>
    );
  }
  return (
    <>
      <div aria-live="polite">{message}</div>
      {scenarioRejected && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The preview refused this combination and keeps the previous one.</Alert.Title>
            <Alert.Description>
              <List.Root ps="4">
                {scenarioRejected.errors.map((e) => (
                  <List.Item key={`${e.param}=${e.value}`}>
                    <Code>{e.param}</Code> = <Code>{e.value}</Code>: {e.message}
                    {e.validValues && <> Valid values: {e.validValues.join(', ')}.</>}
                  </List.Item>
                ))}
              </List.Root>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {rendered && (renderedFeed ? <LiveVersions feed={renderedFeed} /> : <Versions rendered={rendered} />)}
    </>
  );
}

/** The versions line from the feed: it alone re-renders on a keystroke's render (docs/editor-typing.md#the-fixes). */
function LiveVersions({ feed }: { feed: RenderedFeed }) {
  const rendered = useSyncExternalStore(feed.subscribe, feed.latest);
  return rendered && <Versions rendered={rendered} />;
}

function Versions({ rendered }: { rendered: PreviewFacts['PREVIEW_RENDERED'] }) {
  return (
    <Text fontSize="xs" color="gray.700" data-testid="preview-versions">
      Preview build {rendered.buildId} · shows{' '}
      {rendered.shown.map((s, i) => (
        <span key={s.documentId}>
          {i > 0 && ', '}
          {s.documentId}{' '}
          {s.source === 'draft' ? `draft (edit ${s.revision})` : `published${s.hash ? ` ${s.hash.slice(0, 8)}` : ''}`}
        </span>
      ))}
    </Text>
  );
}
