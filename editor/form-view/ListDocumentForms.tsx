/** The forms of the two list documents: markets.json (the picker's entries) and flags.json (the flag registry). */
import { Text } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { CONFIG_IDS } from '../validation/registries';
import { CheckboxField, SelectField, TextField } from './fields';
import { MarketNamesField } from './MarketNamesField';
import { freeId } from './menu-item-types';
import { VisibilityField } from './RuleEditor';
import { SchemaField } from './schema-form/SchemaField';
import { SCHEMA_REFERENCE_LABEL, schemaAtPath } from './schema-form/schema-nodes';
import { SortableList } from './SortableList';

/** The `$schema` reference JSON editors read; kept as it is unless someone changes it here. */
function SchemaReferenceField({ kind }: { kind: 'markets' | 'flags' }) {
  return (
    <SchemaField
      name="$schema"
      schema={schemaAtPath(kind, ['$schema'])!}
      label={SCHEMA_REFERENCE_LABEL}
      optional
      level={3}
    />
  );
}

type Item = Record<string, unknown>;
const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() !== '' ? v : fallback);

export function MarketsForm() {
  const { getValues } = useFormContext();
  return (
    <>
      <SortableList
        name="markets"
        label="Markets"
        noun="market"
        level={2}
        newItem={() => ({
          id: freeId(getValues(), 'new-market'),
          flag: 'eu',
          country: 'New market',
          link: '/',
          locale: 'en',
          preferredLocale: 'en',
          redirectTarget: { alpha2: 'EU', alpha3: 'EUR' },
        })}
        describe={(item: Item) =>
          `${text(item.country, text(item.id, '(market)'))}${typeof item.locale === 'string' ? ` · ${item.locale}` : ''}`
        }
        renderItem={(n) => (
          <>
            <TextField
              name={`${n}.country`}
              label="Name"
              helperText="Used where the page's language has no name: the picker names a country in the page's language from its 2-letter code, and an entry such as Other / EU from the names below."
            />
            <TextField name={`${n}.id`} label="Id" />
            <TextField name={`${n}.flag`} label="Flag icon" helperText="ISO 3166-1 alpha-2 in lower case, or eu." />
            <TextField name={`${n}.link`} label="Link" />
            <SelectField name={`${n}.locale`} label="Locale" options={CONFIG_IDS} />
            <SelectField name={`${n}.preferredLocale`} label="Preferred locale" options={CONFIG_IDS} />
            <TextField name={`${n}.redirectTarget.alpha2`} label="Country code (2 letters)" />
            <TextField name={`${n}.redirectTarget.alpha3`} label="Country code (3 letters)" />
            <MarketNamesField name={`${n}.names`} />
            <VisibilityField
              name={`${n}.visibility`}
              helperText="Only flag rules make sense here: new-market and unified-domain locales are filtered by flag."
            />
          </>
        )}
      />
      <SchemaReferenceField kind="markets" />
    </>
  );
}

export function FlagsForm() {
  const { getValues } = useFormContext();
  return (
    <>
      <Text fontSize="sm" color="gray.700">
        Rules in every locale and in markets.json may only name the flags listed here.
      </Text>
      <SortableList
        name="flags"
        label="Flags"
        noun="flag"
        level={2}
        newItem={() => ({
          id: freeFlagId(getValues()),
          description: 'What turning this flag on changes.',
          default: false,
        })}
        describe={(item: Item) => text(item.id, '(flag)')}
        renderItem={(n) => (
          <>
            <TextField name={`${n}.id`} label="Id" helperText="camelCase, e.g. newDashboard." />
            <TextField name={`${n}.description`} label="Description" multiline rows={2} />
            <CheckboxField name={`${n}.default`} label="On by default" />
          </>
        )}
      />
      <SchemaReferenceField kind="flags" />
    </>
  );
}

function freeFlagId(document: unknown): string {
  const used = new Set(((document as { flags?: { id?: unknown }[] })?.flags ?? []).map((f) => f?.id));
  for (let n = 1; ; n++) if (!used.has(`newFlag${n}`)) return `newFlag${n}`;
}
