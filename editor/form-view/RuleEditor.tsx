/**
 * The visibility-rule builder. One controlled value (the whole rule) per field; each node picks a kind and
 * edits its value, all/any/not nest. Flag ids come from the flags registry (flags.json), access ids from
 * schemas/access.schema.json. Ids the registries do not know stay visible and are flagged, never dropped.
 */
import { Box, Button, Checkbox, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { get, useController, useFormContext } from 'react-hook-form';
import { fieldNameToPointer } from '../store/json-path';
import { errorsUnder } from '../validation/form-resolver';
import { ACCESS_GROUPS, LOCALE_IDS, POM_PRODUCTS, type Registry } from '../validation/registries';
import { useFormBinding } from './form-binding';
import {
  defaultRule,
  parseIdList,
  RULE_KIND_LABELS,
  RULE_KINDS,
  ruleKind,
  type RuleKind,
  type RuleValue,
} from './rule-kinds';

export interface VisibilityFieldProps {
  name: string;
  label?: string;
  /** accountSwitch.visibility is required: no "always" option. */
  required?: boolean;
  helperText?: string;
}

/** A `visibility` key bound to the form: shows the builder and every problem inside the rule. */
export function VisibilityField({ name, label = 'Visible when', required, helperText }: VisibilityFieldProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const { readOnly, commit, registry, documentId } = useFormBinding();
  const problems = errorsUnder(fieldState.error);
  const change = (next: RuleValue | undefined) => {
    field.onChange(next);
    // One undo step per burst of edits to this rule (typing distributor ids, several picks in a row).
    commit(name, next);
  };
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" borderColor={problems.length ? 'red.300' : 'gray.200'} p="3">
      <Box as="legend" px="1" fontSize="sm" fontWeight="medium">
        Visibility
      </Box>
      <RuleNode
        value={field.value}
        onChange={change}
        pointer={fieldNameToPointer(name)}
        label={label}
        allowNone={!required}
        readOnly={readOnly}
        registry={registry}
        locale={documentId}
        errors={fieldState.error}
        depth={0}
      />
      {helperText && (
        <Text fontSize="xs" color="gray.700" mt="2">
          {helperText}
        </Text>
      )}
      {problems.length > 0 && (
        <Stack
          as="ul"
          gap="1"
          mt="2"
          listStyleType="none"
          ms="0"
          color="red.700"
          fontSize="sm"
          aria-label="Problems in this rule"
        >
          {problems.map((p) => (
            <li key={p.name}>
              {p.name ? `${p.name.replace(/\./g, ' › ')}: ` : ''}
              {p.message}
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}

interface RuleNodeProps {
  value: unknown;
  onChange: (next: RuleValue | undefined) => void;
  pointer: string;
  label: string;
  allowNone: boolean;
  readOnly: boolean;
  registry: Registry;
  locale: string;
  errors: unknown;
  depth: number;
}

function RuleNode({
  value,
  onChange,
  pointer,
  label,
  allowNone,
  readOnly,
  registry,
  locale,
  errors,
  depth,
}: RuleNodeProps) {
  const kind = ruleKind(value);
  const rule = (kind && kind !== 'invalid' ? value : {}) as RuleValue;
  const invalidHere = !!get(errors, 'root') || !!get(errors, 'type');
  const child = (key: string) => ({
    pointer: `${pointer}/${key}`,
    errors: get(errors, key),
    invalid: errorsUnder(get(errors, key)).length > 0,
  });
  const common = { readOnly, registry, locale, depth: depth + 1 };

  return (
    <Stack gap="2" ps={depth > 0 ? '3' : '0'} borderLeftWidth={depth > 0 ? '2px' : '0'} borderColor="gray.200">
      <PlainSelect
        label={label}
        value={kind === 'invalid' ? '' : (kind ?? '')}
        pointer={pointer}
        invalid={invalidHere}
        disabled={readOnly}
        placeholder={
          kind === 'invalid' ? 'Not a rule the form knows: choose a kind' : allowNone ? 'always (no rule)' : undefined
        }
        options={RULE_KINDS.map((k) => ({ value: k, label: RULE_KIND_LABELS[k] }))}
        onChange={(next) => onChange(next === '' ? undefined : defaultRule(next as RuleKind, registry, locale))}
      />
      {kind === 'invalid' && (
        <Text fontSize="sm" color="red.700">
          This rule is not an object with exactly one known key; choose a kind to replace it, or fix it in the JSON
          view.
        </Text>
      )}
      {kind === 'flag' && (
        <PlainSelect
          label="Flag"
          value={String(rule.flag ?? '')}
          pointer={child('flag').pointer}
          invalid={child('flag').invalid}
          disabled={readOnly}
          options={registry.flags.map((f) => ({
            value: f.id,
            label: f.description ? `${f.id} — ${f.description}` : f.id,
          }))}
          unknownLabel="not in flags.json"
          onChange={(flag) => onChange({ flag })}
        />
      )}
      {kind === 'access' && (
        <PlainSelect
          label="Access"
          value={String(rule.access ?? '')}
          pointer={child('access').pointer}
          invalid={child('access').invalid}
          disabled={readOnly}
          groups={ACCESS_GROUPS.map((g) => ({ label: g.label, options: g.ids.map((id) => ({ value: id })) }))}
          unknownLabel="not in access.schema.json"
          onChange={(access) => onChange({ access })}
        />
      )}
      {kind === 'customerType' && (
        <PlainSelect
          label="Customer type"
          value={String(rule.customerType ?? '')}
          pointer={child('customerType').pointer}
          invalid={child('customerType').invalid}
          disabled={readOnly}
          options={[{ value: 'private' }, { value: 'company' }]}
          onChange={(customerType) => onChange({ customerType })}
        />
      )}
      {kind === 'pendingActivation' && (
        <PlainSelect
          label="Pending activation"
          value={String(rule.pendingActivation)}
          pointer={child('pendingActivation').pointer}
          invalid={child('pendingActivation').invalid}
          disabled={readOnly}
          options={[
            { value: 'true', label: 'is pending activation' },
            { value: 'false', label: 'is not pending activation' },
          ]}
          onChange={(v) => onChange({ pendingActivation: v === 'true' })}
        />
      )}
      {kind === 'pomProduct' && (
        <PlainSelect
          label="Product"
          value={String(rule.pomProduct ?? '')}
          pointer={child('pomProduct').pointer}
          invalid={child('pomProduct').invalid}
          disabled={readOnly}
          options={POM_PRODUCTS.map((p) => ({ value: p }))}
          unknownLabel="not in access.schema.json"
          onChange={(pomProduct) => onChange({ pomProduct })}
        />
      )}
      {kind === 'distributor' && (
        <DistributorRule
          value={rule.distributor}
          onChange={(distributor) => onChange({ distributor })}
          pointer={child('distributor').pointer}
          errors={child('distributor').errors}
          readOnly={readOnly}
        />
      )}
      {kind === 'locale' && (
        <LocaleRule
          value={rule.locale}
          onChange={(list) => onChange({ locale: list })}
          pointer={child('locale').pointer}
          invalid={child('locale').invalid}
          readOnly={readOnly}
        />
      )}
      {kind === 'not' && (
        <RuleNode
          {...common}
          value={rule.not}
          onChange={(next) => onChange({ not: next ?? defaultRule('flag', registry) })}
          pointer={child('not').pointer}
          errors={child('not').errors}
          label="Condition"
          allowNone={false}
        />
      )}
      {(kind === 'all' || kind === 'any') && (
        <RuleList
          kind={kind}
          list={Array.isArray(rule[kind]) ? (rule[kind] as unknown[]) : []}
          onChange={(list) => onChange({ [kind]: list })}
          pointer={child(kind).pointer}
          errors={child(kind).errors}
          {...common}
        />
      )}
    </Stack>
  );
}

interface RuleListProps extends Omit<RuleNodeProps, 'value' | 'onChange' | 'label' | 'allowNone'> {
  kind: 'all' | 'any';
  list: unknown[];
  onChange: (list: unknown[]) => void;
}

function RuleList({ kind, list, onChange, pointer, errors, readOnly, registry, locale, depth }: RuleListProps) {
  const replace = (index: number, next: unknown) => onChange(list.map((r, i) => (i === index ? next : r)));
  return (
    <Stack gap="2">
      {list.map((r, index) => (
        <Stack key={index} gap="1">
          <RuleNode
            value={r}
            onChange={(next) => replace(index, next ?? defaultRule('flag', registry))}
            pointer={`${pointer}/${index}`}
            errors={get(errors, String(index))}
            label={`Condition ${index + 1} (${kind === 'all' ? 'and' : 'or'})`}
            allowNone={false}
            readOnly={readOnly}
            registry={registry}
            locale={locale}
            depth={depth}
          />
          {!readOnly && list.length > 1 && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              alignSelf="start"
              onClick={() => onChange(list.filter((_, i) => i !== index))}
            >
              Remove condition {index + 1}
            </Button>
          )}
        </Stack>
      ))}
      {!readOnly && (
        <Button
          size="xs"
          variant="outline"
          alignSelf="start"
          onClick={() => onChange([...list, defaultRule('flag', registry)])}
        >
          Add a condition
        </Button>
      )}
    </Stack>
  );
}

function DistributorRule({
  value,
  onChange,
  pointer,
  errors,
  readOnly,
}: {
  value: unknown;
  onChange: (v: RuleValue) => void;
  pointer: string;
  errors: unknown;
  readOnly: boolean;
}) {
  const d = (typeof value === 'object' && value !== null ? value : {}) as { in?: unknown; notIn?: unknown };
  const mode = d.notIn !== undefined ? 'notIn' : 'in';
  const list = Array.isArray(d[mode]) ? (d[mode] as unknown[]).map(String) : [];
  return (
    <HStack gap="2" align="start" wrap="wrap">
      <PlainSelect
        label="Match"
        value={mode}
        pointer={pointer}
        disabled={readOnly}
        invalid={!!get(errors, 'root')}
        options={[
          { value: 'in', label: 'is one of' },
          { value: 'notIn', label: 'is none of' },
        ]}
        onChange={(m) => onChange({ [m]: list.length ? list : [''] })}
      />
      <IdListInput
        label="Distributor ids (comma-separated)"
        value={list}
        pointer={`${pointer}/${mode}`}
        invalid={errorsUnder(get(errors, mode)).length > 0}
        readOnly={readOnly}
        onChange={(ids) => onChange({ [mode]: ids.length ? ids : [''] })}
      />
    </HStack>
  );
}

/** A comma-separated list that keeps what is typed (a trailing comma, spaces) while writing the parsed list. */
function IdListInput({
  label,
  value,
  pointer,
  invalid,
  readOnly,
  onChange,
}: {
  label: string;
  value: string[];
  pointer: string;
  invalid: boolean;
  readOnly: boolean;
  onChange: (ids: string[]) => void;
}) {
  const [raw, setRaw] = useState(value.join(', '));
  const joined = value.filter((v) => v !== '').join('\u0000');
  useEffect(() => {
    // An outside change (undo, the JSON view) replaces the text; our own typing parses to the same list.
    setRaw((current) =>
      parseIdList(current).join('\u0000') === joined ? current : joined.split('\u0000').filter(Boolean).join(', '),
    );
  }, [joined]);
  return (
    <Field.Root invalid={invalid} readOnly={readOnly} flex="1" minW="48">
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        value={raw}
        data-pointer={pointer}
        onChange={(e) => {
          setRaw(e.target.value);
          onChange(parseIdList(e.target.value));
        }}
      />
    </Field.Root>
  );
}

function LocaleRule({
  value,
  onChange,
  pointer,
  invalid,
  readOnly,
}: {
  value: unknown;
  onChange: (v: string[]) => void;
  pointer: string;
  invalid: boolean;
  readOnly: boolean;
}) {
  const selected = Array.isArray(value) ? value.map(String) : [];
  const extra = selected.filter((l) => !LOCALE_IDS.includes(l));
  return (
    <Box as="fieldset" data-pointer={pointer} tabIndex={-1}>
      <Box as="legend" fontSize="sm" fontWeight="medium" mb="1" color={invalid ? 'red.700' : undefined}>
        Locales
      </Box>
      <HStack gap="3" wrap="wrap">
        {[...LOCALE_IDS, ...extra].map((id) => (
          <Checkbox.Root
            key={id}
            size="sm"
            checked={selected.includes(id)}
            disabled={readOnly}
            invalid={invalid}
            onCheckedChange={(e) =>
              onChange(
                e.checked === true
                  ? LOCALE_IDS.filter((l) => l === id || selected.includes(l))
                  : selected.filter((l) => l !== id),
              )
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{id}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
    </Box>
  );
}

interface Option {
  value: string;
  label?: string;
}

interface PlainSelectProps {
  label: string;
  value: string;
  pointer: string;
  invalid?: boolean;
  disabled?: boolean;
  placeholder?: string;
  options?: Option[];
  groups?: { label: string; options: Option[] }[];
  /** How to mark a current value that is not among the options. */
  unknownLabel?: string;
  onChange: (value: string) => void;
}

/** A labelled native select for the rule builder's parts (not RHF fields: the rule is one value). */
function PlainSelect({
  label,
  value,
  pointer,
  invalid,
  disabled,
  placeholder,
  options = [],
  groups = [],
  unknownLabel = 'not allowed',
  onChange,
}: PlainSelectProps) {
  const all = [...options, ...groups.flatMap((g) => g.options)];
  const unknown = value !== '' && !all.some((o) => o.value === value);
  return (
    <Field.Root invalid={invalid} disabled={disabled} maxW="lg">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} data-pointer={pointer} onChange={(e) => onChange(e.target.value)}>
          {(placeholder !== undefined || value === '') && <option value="">{placeholder ?? 'Choose…'}</option>}
          {unknown && (
            <option value={value}>
              {value} ({unknownLabel})
            </option>
          )}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label ?? o.value}
            </option>
          ))}
          {groups.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label ?? o.value}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
