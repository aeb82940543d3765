import { Box, Button, Field, HStack, NativeSelect, SegmentGroup, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import {
  ACCESS_IDS,
  DATA_VARIANTS,
  PERSONAS,
  type DataVariant,
  type Persona,
  type PreviewScenario,
} from '../../schemas/contracts/preview-params';
import { PAGE_KINDS, type PageKind } from '../../schemas/contracts';
import { LOCALE_CONFIG_IDS } from '../../schemas/validator/documents';
import { ACCESS_GROUPS, POM_PRODUCTS, type FlagOption } from '../validation/registries';
import { CheckListPopover } from './CheckListPopover';
import { FaultsField } from './FaultsField';
import type { PreviewUrlState } from './preview-url';
import {
  accessOn,
  designOf,
  flagsOn,
  withAccess,
  withDataVariant,
  withDesign,
  withFlag,
  withPersonaAccess,
} from './scenario-edits';
import { ViewportControl } from './ViewportControl';

/**
 * Slow but complete loads. The slowest stays under the client's 3 s timeout (docs/rules.md#calls): at 3000 ms every call
 * would time out and the header would give up on its data, which is what `fault=…:timeout` is for.
 */
export const LATENCY_PRESETS = [0, 100, 300, 1000, 2500] as const;

export interface PreviewToolbarProps {
  state: PreviewUrlState;
  onChange: (next: PreviewUrlState) => void;
  /** The flag registry (flags.json's draft, the open one when flags itself is edited). */
  flags: readonly FlagOption[];
}

function Select({
  label,
  value,
  options,
  onChange,
  width = '40',
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  width?: string;
}) {
  const list = options.includes(value) ? options : [value, ...options];
  return (
    <Field.Root w="auto">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm" w={width}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          {list.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function Labelled({ label, children }: { label: string; children: (labelId: string) => ReactNode }) {
  const id = useId();
  return (
    <Box>
      <Text id={id} fontSize="sm" fontWeight="medium" mb="1.5">
        {label}
      </Text>
      {children(id)}
    </Box>
  );
}

/** Every dimension of the preview scenario; each change becomes the page's URL (and so the shared link). */
export function PreviewToolbar({ state, onChange, flags }: PreviewToolbarProps) {
  const { scenario } = state;
  const set = (next: PreviewScenario) => onChange({ ...state, scenario: next });
  const on = flagsOn(scenario, flags);
  const design = designOf(on);
  const access = accessOn(scenario);

  return (
    <HStack as="fieldset" gap="4" wrap="wrap" align="start" aria-label="Preview scenario">
      <Select
        label="Locale"
        value={scenario.locale}
        options={LOCALE_CONFIG_IDS}
        onChange={(locale) => set({ ...scenario, locale })}
        width="28"
      />
      <Select
        label="Persona"
        value={scenario.persona}
        options={PERSONAS}
        onChange={(persona) => set({ ...scenario, persona: persona as Persona })}
      />
      <Select
        label="Page"
        value={scenario.page}
        options={PAGE_KINDS}
        onChange={(page) => set({ ...scenario, page: page as PageKind })}
      />
      <Labelled label="Feature flags">
        {() => (
          <CheckListPopover
            trigger={`Flags · ${on.length} on${scenario.flags ? '' : ' (defaults)'}`}
            title="Feature flags that are on"
            header={
              scenario.flags && (
                <Button
                  size="xs"
                  variant="outline"
                  alignSelf="start"
                  onClick={() => {
                    const { flags: _flags, ...rest } = scenario;
                    set(rest);
                  }}
                >
                  Back to the registry defaults
                </Button>
              )
            }
            groups={[
              {
                items: flags.map((f) => ({
                  id: f.id,
                  label: f.id,
                  ...(f.description ? { description: f.description } : {}),
                  checked: on.includes(f.id),
                })),
              },
            ]}
            onToggle={(id, checked) => set(withFlag(scenario, id, checked, flags))}
          />
        )}
      </Labelled>
      <Labelled label="Design">
        {(labelId) => (
          <HStack gap="2">
            <SegmentGroup.Root
              size="sm"
              value={design === 'mixed' ? '' : design}
              aria-labelledby={labelId}
              onValueChange={(e) => (e.value === 'v1' || e.value === 'v2') && set(withDesign(scenario, e.value, flags))}
            >
              <SegmentGroup.Indicator />
              <SegmentGroup.Items
                items={[
                  { value: 'v1', label: 'v1' },
                  { value: 'v2', label: 'v2' },
                ]}
              />
            </SegmentGroup.Root>
            {design === 'mixed' && (
              <Text fontSize="xs" color="gray.700">
                mixed: designV2 and footerV2 differ
              </Text>
            )}
          </HStack>
        )}
      </Labelled>
      <Labelled label="Access">
        {() => (
          <CheckListPopover
            trigger={`Access · ${scenario.access ? `${access.length} on` : "persona's"}`}
            title="Product access"
            header={
              scenario.access ? (
                <Button size="xs" variant="outline" alignSelf="start" onClick={() => set(withPersonaAccess(scenario))}>
                  Back to the persona&apos;s access
                </Button>
              ) : (
                <Text fontSize="xs" color="gray.700">
                  Showing what {scenario.persona} has. A change replaces it with exactly the ticked ids.
                </Text>
              )
            }
            groups={[...ACCESS_GROUPS, { label: 'Pension products', ids: POM_PRODUCTS }].map((group) => ({
              label: group.label,
              items: group.ids.map((id) => ({ id, label: id, checked: access.includes(id) })),
            }))}
            onToggle={(id, checked) => set(withAccess(scenario, id, checked, ACCESS_IDS))}
          />
        )}
      </Labelled>
      <Labelled label="Data">
        {() => (
          <CheckListPopover
            trigger={`Data · ${scenario.data.length ? scenario.data.length : 'standard'}`}
            title="Data variants"
            groups={[{ items: DATA_VARIANTS.map((d) => ({ id: d, label: d, checked: scenario.data.includes(d) })) }]}
            onToggle={(id, checked) => set(withDataVariant(scenario, id as DataVariant, checked, DATA_VARIANTS))}
          />
        )}
      </Labelled>
      <Select
        label="Latency"
        value={`${scenario.latency} ms`}
        options={LATENCY_PRESETS.map((ms) => `${ms} ms`)}
        onChange={(value) => set({ ...scenario, latency: Number.parseInt(value, 10) })}
        width="28"
      />
      <FaultsField faults={scenario.faults} onChange={(faults) => set({ ...scenario, faults })} />
      <ViewportControl width={state.viewport} onChange={(viewport) => onChange({ ...state, viewport })} />
    </HStack>
  );
}
