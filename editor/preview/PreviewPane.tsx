import { Box, chakra, Field, Heading, HStack, NativeSelect, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PERSONAS, type Persona } from '../../runtime/preview/preview-params';
import { PAGE_KINDS, type PageKind } from '../../runtime/resolver/context';
import { previewSrc, VIEWPORT_WIDTHS, type ViewportWidth } from './preview-src';

export interface PreviewPaneProps {
  locale: string;
  /** Bumped after a publish, so the iframe reloads the new published config. */
  reloadKey: number;
}

/** The portal's /preview in an iframe. This slice shows the PUBLISHED config; the draft over postMessage comes later. */
export function PreviewPane({ locale, reloadKey }: PreviewPaneProps) {
  const [persona, setPersona] = useState<Persona>('visitor');
  const [page, setPage] = useState<PageKind>('home');
  const [width, setWidth] = useState<ViewportWidth>(1280);
  const src = previewSrc(locale, persona, page);

  return (
    <Stack as="section" aria-labelledby="preview-heading" gap="3">
      <Heading as="h2" size="md" id="preview-heading">Preview (published version)</Heading>
      <HStack gap="4" wrap="wrap" align="end">
        <Field.Root w="auto">
          <Field.Label>Persona</Field.Label>
          <NativeSelect.Root size="sm" w="48">
            <NativeSelect.Field value={persona} onChange={(e) => setPersona(e.target.value as Persona)}>
              {PERSONAS.map((p) => <option key={p} value={p}>{p}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label>Page</Field.Label>
          <NativeSelect.Root size="sm" w="48">
            <NativeSelect.Field value={page} onChange={(e) => setPage(e.target.value as PageKind)}>
              {PAGE_KINDS.map((p) => <option key={p} value={p}>{p}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Box>
          <Text id="viewport-label" fontSize="sm" fontWeight="medium" mb="1.5">Viewport</Text>
          <SegmentGroup.Root size="sm" value={String(width)} onValueChange={(e) => e.value && setWidth(Number(e.value) as ViewportWidth)} aria-labelledby="viewport-label">
            <SegmentGroup.Indicator />
            <SegmentGroup.Items items={VIEWPORT_WIDTHS.map((w) => ({ value: String(w), label: `${w} px` }))} />
          </SegmentGroup.Root>
        </Box>
      </HStack>
      <Text fontSize="sm" color="gray.700">
        Shows what customers get now. Unsaved and unpublished drafts are not shown yet. <a href={src} target="_blank" rel="noreferrer" style={{ textDecoration: 'underline' }}>Open this preview in a new tab</a>
      </Text>
      <Box overflowX="auto" tabIndex={0} role="region" aria-label={`Preview frame, ${width} px wide`} borderWidth="1px" borderRadius="md" bg="gray.100" p="2">
        <chakra.iframe key={`${src}:${reloadKey}`} src={src} title={`Preview of the published ${locale} for ${persona} on ${page}`} w={`${width}px`} h="640px" flexShrink={0} bg="white" border="0" display="block" mx="auto" />
      </Box>
    </Stack>
  );
}
