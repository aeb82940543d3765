import {
  Box,
  Button,
  chakra,
  Checkbox,
  Collapsible,
  Heading,
  HStack,
  Link,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { parsePreviewParams, serializePreviewParams } from '../../schemas/contracts/preview-params';
import { previewRequest } from '../../schemas/contracts/preview-protocol';
import type { CrossFileContext, DocumentId } from '../../schemas/validator';
import type { FlagOption } from '../validation/registries';
import { CopyLinkButton } from './CopyLinkButton';
import { PreviewStatus } from './PreviewStatus';
import { PreviewToolbar } from './PreviewToolbar';
import { previewFrameSrc, publishedPreviewHref, serializePreviewUrl, type PreviewUrlState } from './preview-url';
import { UrlProblems } from './UrlProblems';
import { useDraftFeed } from './use-draft-feed';
import { usePreviewFacts } from './preview-channel-context';
import { usePreviewUrl } from './use-preview-url';
import { fitScale, useContentWidth } from './use-fit-scale';
import { WhyHiddenList } from './WhyHiddenList';

/** The preview frame's height in CSS pixels at actual size. */
const FRAME_HEIGHT = 720;

export interface PreviewPaneProps {
  documentId: DocumentId;
  /** The flag registry the toolbar offers (and the link's flags are checked against). */
  flags: readonly FlagOption[];
  /** The cross-file context the draft is validated with before it is sent, as a save would be. */
  crossFile: CrossFileContext;
}

/**
 * The portal's /preview in an iframe, fed with the open draft over postMessage (source=editor). The scenario
 * lives in the page URL; changes reach the iframe as messages, so it never reloads. The channel to the iframe
 * belongs to the page (PreviewChannelProvider), so other panels hear the preview too. Memoised: the page
 * re-renders on every keystroke, the pane reads the draft store itself.
 */
export const PreviewPane = memo(function PreviewPane({ documentId, flags, crossFile }: PreviewPaneProps) {
  const flagIds = useMemo(() => flags.map((f) => f.id), [flags]);
  const url = usePreviewUrl(documentId, flagIds);
  const location = useLocation();
  // A toolbar change shows at once; the router writes the URL as a transition, which lags on a busy page, and
  // a second click in between must start from the first one, not from the URL.
  const [optimistic, setOptimistic] = useState<PreviewUrlState | null>(null);
  const pendingWrites = useRef<string[]>([]);
  const urlKey = serializePreviewUrl(url.state).toString();
  useEffect(() => {
    const at = pendingWrites.current.indexOf(urlKey);
    // Not one of ours (Back, the preview's own move): the URL wins.
    pendingWrites.current = at < 0 ? [] : pendingWrites.current.slice(at + 1);
    if (pendingWrites.current.length === 0) setOptimistic(null);
  }, [urlKey]);
  const state = optimistic ?? url.state;
  const { scenario, viewport } = state;
  // The iframe loads once; afterwards only messages change what it shows.
  const [initialSrc] = useState(() => previewFrameSrc(scenario));
  const src = useWhenIdle(initialSrc);
  const [whyHidden, setWhyHidden] = useState(false);
  // Visual editing (docs/editor-workspace.md#visual-editing): on by default, the preview is where people point.
  const [clickToEdit, setClickToEdit] = useState(true);
  // The scenario controls fold away so the frame stays in view beside the form; a link that sets a scenario opens them.
  const [scenarioOpen, setScenarioOpen] = useState(() => url.errors.length > 0 || linkSetsScenario(location.search));
  // A viewport wider than the pane is shown scaled down to fit, as a device toolbar does; "actual size" scrolls instead.
  const pane = useRef<HTMLDivElement>(null);
  const fit = fitScale(useContentWidth(pane), viewport);
  const [actualSize, setActualSize] = useState(false);
  const scale = actualSize ? 1 : fit;

  // The preview moved by itself (a forced redirect): the URL follows, so the link still shows what you see.
  const latest = useRef({ update: url.update, state });
  useEffect(() => {
    latest.current = { update: url.update, state };
  });
  const onScenarioUpdated = useCallback(
    (query: string) => {
      const parsed = parsePreviewParams(query, flagIds);
      if (parsed.errors.length === 0) latest.current.update({ ...latest.current.state, scenario: parsed.scenario });
    },
    [flagIds],
  );
  const channel = usePreviewFacts(onScenarioUpdated);
  const { send, readyCount, frame } = channel;
  const feed = useDraftFeed(documentId, crossFile, send, readyCount);

  const query = serializePreviewParams(scenario);
  // URL changes (a toolbar change, Back, the preview's own move) reach the iframe here; the preview ignores a
  // scenario it already shows.
  useEffect(() => {
    if (readyCount > 0) send(previewRequest('UPDATE_SCENARIO', { query }));
  }, [query, readyCount, send]);
  // A toolbar change is also sent at once: the router applies URL changes as a transition, after other work.
  const { update } = url;
  const change = useCallback(
    (next: PreviewUrlState) => {
      send(previewRequest('UPDATE_SCENARIO', { query: serializePreviewParams(next.scenario) }));
      pendingWrites.current.push(serializePreviewUrl(next).toString());
      setOptimistic(next);
      update(next);
    },
    [send, update],
  );
  useEffect(() => {
    if (readyCount > 0) send(previewRequest('SET_WHY_HIDDEN', { enabled: whyHidden }));
  }, [whyHidden, readyCount, send]);
  useEffect(() => {
    if (readyCount > 0) send(previewRequest('SET_VISUAL_EDITING', { enabled: clickToEdit }));
  }, [clickToEdit, readyCount, send]);

  return (
    <Stack as="section" aria-labelledby="preview-heading" gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md" id="preview-heading">
          Preview
        </Heading>
        <HStack gap="3" wrap="wrap">
          <Switch.Root size="sm" checked={clickToEdit} onCheckedChange={(e) => setClickToEdit(e.checked)}>
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Click to edit</Switch.Label>
          </Switch.Root>
          <CopyLinkButton />
        </HStack>
      </HStack>
      <UrlProblems errors={url.errors} />
      <Collapsible.Root open={scenarioOpen} onOpenChange={(e) => setScenarioOpen(e.open)}>
        <HStack gap="2" wrap="wrap">
          <Collapsible.Trigger asChild>
            <Button size="xs" variant="outline">
              {scenarioOpen ? 'Hide the scenario' : 'Scenario…'}
            </Button>
          </Collapsible.Trigger>
          <Text fontSize="sm" color="gray.700" data-testid="preview-scenario-summary">
            {scenario.locale} · {scenario.persona} · {scenario.page} · {viewport} px
          </Text>
        </HStack>
        <Collapsible.Content pt="2">
          <PreviewToolbar state={state} onChange={change} flags={flags} />
        </Collapsible.Content>
      </Collapsible.Root>
      <PreviewStatus
        documentId={documentId}
        feed={feed}
        rendered={channel.rendered}
        rejected={channel.rejected}
        scenarioRejected={channel.scenarioRejected}
        renderedFeed={channel.renderedFeed}
      />
      <Box
        ref={pane}
        overflowX="auto"
        tabIndex={0}
        role="region"
        aria-label={`Preview frame, ${viewport} px wide`}
        borderWidth="1px"
        borderRadius="md"
        bg="gray.100"
        p="2"
      >
        {/* The frame keeps its width (the page's media queries see the viewport); the box around it takes the scaled size. */}
        <Box w={`${viewport * scale}px`} h={`${FRAME_HEIGHT * scale}px`} flexShrink={0} mx="auto" overflow="hidden">
          <chakra.iframe
            ref={frame}
            {...(src ? { src } : {})}
            title={`Preview of the ${documentId} draft: ${scenario.locale}, ${scenario.persona}, ${scenario.page}`}
            w={`${viewport}px`}
            h={`${FRAME_HEIGHT}px`}
            bg="white"
            border="0"
            display="block"
            transform={scale < 1 ? `scale(${scale})` : undefined}
            transformOrigin="top left"
          />
        </Box>
      </Box>
      {fit < 1 && (
        <HStack gap="3" wrap="wrap">
          <Text fontSize="sm" color="gray.700" data-testid="preview-scale">
            {actualSize
              ? `Shown at actual size: the ${viewport} px page scrolls sideways.`
              : `Shown at ${Math.round(fit * 100)} % to fit the pane: the page is laid out at ${viewport} px.`}
          </Text>
          <Checkbox.Root size="sm" checked={actualSize} onCheckedChange={(e) => setActualSize(e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Actual size</Checkbox.Label>
          </Checkbox.Root>
        </HStack>
      )}
      <Checkbox.Root size="sm" checked={whyHidden} onCheckedChange={(e) => setWhyHidden(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>
          Why hidden: list the items rules hide in this combination
          {channel.rendered ? ` (${channel.rendered.hiddenCount})` : ''}
        </Checkbox.Label>
      </Checkbox.Root>
      {whyHidden && <WhyHiddenList items={channel.rendered?.hidden} />}
      <Text fontSize="sm" color="gray.700">
        <Link href={publishedPreviewHref(scenario)} target="_blank" rel="noreferrer" textDecoration="underline">
          Open this combination with the published configs
        </Link>{' '}
        (what customers get now, without your draft).
      </Text>
    </Stack>
  );
});

/** Whether the page's link names a scenario: a /preview parameter or the viewport, not the page's own (`at`). */
function linkSetsScenario(search: string): boolean {
  const params = new URLSearchParams(search);
  const foreign = new Set(parsePreviewParams(params, []).ignored);
  foreign.delete('viewport');
  return [...params.keys()].some((key) => !foreign.has(key));
}

/**
 * The value once the editor's main thread is first idle. The preview iframe is same-origin, so it shares that
 * thread: started during the page's own first burst of work (form, validation, panels), its mocked calls
 * wait behind it and can reach the portal's 3 s HTTP timeout on a loaded machine.
 */
function useWhenIdle<T>(value: T, timeoutMs = 3000): T | null {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return setReady(true);
    const id = requestIdleCallback(() => setReady(true), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }, [timeoutMs]);
  return ready ? value : null;
}
