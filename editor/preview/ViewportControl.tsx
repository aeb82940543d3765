import { Box, HStack, Input, SegmentGroup, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { VIEWPORT_MAX, VIEWPORT_MIN, VIEWPORT_PRESETS } from './preview-url';

export interface ViewportControlProps {
  width: number;
  onChange: (width: number) => void;
}

const isPreset = (width: number) => (VIEWPORT_PRESETS as readonly number[]).includes(width);

/** 375, 768, 1280 px or a custom width (320–2560). */
export function ViewportControl({ width, onChange }: ViewportControlProps) {
  const labelId = useId();
  const [customOpen, setCustomOpen] = useState(!isPreset(width));
  const custom = customOpen || !isPreset(width);
  const [draft, setDraft] = useState(String(width));
  const valid = /^\d+$/.test(draft) && Number(draft) >= VIEWPORT_MIN && Number(draft) <= VIEWPORT_MAX;
  return (
    <Box>
      <Text id={labelId} fontSize="sm" fontWeight="medium" mb="1.5">
        Viewport
      </Text>
      <HStack gap="2" align="start">
        <SegmentGroup.Root
          size="sm"
          value={custom ? 'custom' : String(width)}
          aria-labelledby={labelId}
          onValueChange={(e) => {
            if (!e.value) return;
            if (e.value === 'custom') {
              setDraft(String(width));
              return setCustomOpen(true);
            }
            setCustomOpen(false);
            onChange(Number(e.value));
          }}
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              ...VIEWPORT_PRESETS.map((w) => ({ value: String(w), label: `${w} px` })),
              { value: 'custom', label: 'Custom' },
            ]}
          />
        </SegmentGroup.Root>
        {custom && (
          <Box>
            <Input
              size="sm"
              w="24"
              type="number"
              min={VIEWPORT_MIN}
              max={VIEWPORT_MAX}
              aria-label="Custom viewport width in pixels"
              aria-invalid={!valid}
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                const next = e.target.value;
                if (/^\d+$/.test(next) && Number(next) >= VIEWPORT_MIN && Number(next) <= VIEWPORT_MAX)
                  onChange(Number(next));
              }}
            />
            {!valid && (
              <Text fontSize="xs" color="red.700">
                {VIEWPORT_MIN}–{VIEWPORT_MAX} px
              </Text>
            )}
          </Box>
        )}
      </HStack>
    </Box>
  );
}
