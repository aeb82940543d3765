/**
 * The form's field components, each bound to one react-hook-form name (a JSON path with dots). They show
 * the value RHF holds, write every change to RHF and the draft store, and show the resolver's error for
 * their path. `data-pointer` lets the problem list move focus to them.
 */
import { Checkbox, Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { fieldNameToPointer } from '../store/json-path';
import { errorsUnder } from '../validation/form-resolver';
import { useFormBinding } from './form-binding';

interface BaseFieldProps {
  name: string;
  label: string;
  helperText?: ReactNode;
}

/** The message to show for a field's error (an object-level error carries it under `root`). */
export function errorText(error: unknown): string | undefined {
  const messages = errorsUnder(error).map((e) => e.message);
  return messages.length > 0 ? messages.join('; ') : undefined;
}

/**
 * One field's value and problems (subscribed to that field alone) and where its writes go: what every field
 * component starts with.
 */
export function useBoundField(name: string) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const { readOnly, commit } = useFormBinding();
  return { field, message: errorText(fieldState.error), readOnly, commit };
}

function display(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export interface TextFieldProps extends BaseFieldProps {
  /** An optional key: clearing the field removes it, instead of writing an empty string. */
  optional?: boolean;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
}

export function TextField({ name, label, helperText, optional, multiline, rows = 3, placeholder }: TextFieldProps) {
  const { field, message, readOnly, commit } = useBoundField(name);
  const change = (raw: string) => {
    const next = optional && raw === '' ? undefined : raw;
    field.onChange(next);
    commit(name, next);
  };
  const common = {
    name: field.name,
    value: display(field.value),
    onBlur: field.onBlur,
    placeholder,
    'data-pointer': fieldNameToPointer(name),
    size: 'sm' as const,
    // Read-only text stays selectable (not disabled), but must not look like a box to type in.
    variant: readOnly ? ('subtle' as const) : ('outline' as const),
  };
  return (
    <Field.Root invalid={!!message} readOnly={readOnly}>
      <Field.Label>
        {label}
        {optional && <Field.RequiredIndicator fallback=" (optional)" color="fg.muted" fontWeight="normal" />}
      </Field.Label>
      {multiline ? (
        <Textarea {...common} ref={field.ref} rows={rows} onChange={(e) => change(e.target.value)} />
      ) : (
        <Input {...common} ref={field.ref} onChange={(e) => change(e.target.value)} />
      )}
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {message && <Field.ErrorText>{message}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface SelectOption {
  value: string;
  label?: string;
}

export interface SelectFieldProps extends BaseFieldProps {
  options: readonly (string | SelectOption)[];
  /** Offers "(none)", which removes the key. */
  optional?: boolean;
  /** Called instead of the plain write, for selects whose change reshapes more than their own key. */
  onSelect?: (value: string) => void;
}

export function SelectField({ name, label, helperText, options, optional, onSelect }: SelectFieldProps) {
  const { field, message, readOnly, commit } = useBoundField(name);
  const value = display(field.value);
  const listed = options.map((o) => (typeof o === 'string' ? { value: o } : o));
  // A value the schema does not allow stays visible (and flagged) rather than silently showing another option.
  const unknown = value !== '' && !listed.some((o) => o.value === value);
  return (
    <Field.Root invalid={!!message} disabled={readOnly}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={field.name}
          ref={field.ref}
          value={value}
          onBlur={field.onBlur}
          data-pointer={fieldNameToPointer(name)}
          onChange={(e) => {
            const raw = e.target.value;
            if (onSelect) return onSelect(raw);
            const next = optional && raw === '' ? undefined : raw;
            field.onChange(next);
            commit(name, next);
          }}
        >
          {(optional || value === '') && <option value="">{optional ? '(none)' : 'Choose…'}</option>}
          {unknown && <option value={value}>{value} (not allowed)</option>}
          {listed.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label ?? o.value}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {message && <Field.ErrorText>{message}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface CheckboxFieldProps extends BaseFieldProps {
  /** Unchecking removes the key (for optional flags that default to false) instead of writing false. */
  removeWhenOff?: boolean;
}

export function CheckboxField({ name, label, helperText, removeWhenOff }: CheckboxFieldProps) {
  const { field, message, readOnly, commit } = useBoundField(name);
  return (
    <Field.Root invalid={!!message} disabled={readOnly}>
      <Checkbox.Root
        size="sm"
        checked={field.value === true}
        disabled={readOnly}
        invalid={!!message}
        onCheckedChange={(e) => {
          const next = e.checked === true ? true : removeWhenOff ? undefined : false;
          field.onChange(next);
          commit(name, next);
        }}
      >
        <Checkbox.HiddenInput
          ref={field.ref}
          name={field.name}
          onBlur={field.onBlur}
          data-pointer={fieldNameToPointer(name)}
        />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {message && <Field.ErrorText>{message}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface NumberFieldProps extends BaseFieldProps {
  optional?: boolean;
  integer?: boolean;
}

/**
 * A number. What is typed stays in the box; a text that is not a number is written as typed, so the shared
 * validator reports it at the field ("must be number") instead of the form silently dropping it.
 */
export function NumberField({ name, label, helperText, optional, integer }: NumberFieldProps) {
  const { field, message, readOnly, commit } = useBoundField(name);
  const change = (raw: string) => {
    const trimmed = raw.trim().replace(',', '.');
    const next =
      trimmed === '' ? (optional ? undefined : raw) : Number.isFinite(Number(trimmed)) ? Number(trimmed) : raw;
    field.onChange(next);
    commit(name, next);
  };
  return (
    <Field.Root invalid={!!message} readOnly={readOnly}>
      <Field.Label>
        {label}
        {optional && <Field.RequiredIndicator fallback=" (optional)" color="fg.muted" fontWeight="normal" />}
      </Field.Label>
      <Input
        name={field.name}
        ref={field.ref}
        value={display(field.value)}
        onBlur={field.onBlur}
        onChange={(e) => change(e.target.value)}
        inputMode={integer ? 'numeric' : 'decimal'}
        data-pointer={fieldNameToPointer(name)}
        size="sm"
        maxW="40"
        variant={readOnly ? 'subtle' : 'outline'}
      />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {message && <Field.ErrorText>{message}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface ValueListFieldProps extends BaseFieldProps {
  optional?: boolean;
}

/** A list of plain values (texts), one per line; empty lines are dropped, the list is written as a whole. */
export function ValueListField({ name, label, helperText, optional }: ValueListFieldProps) {
  const { field, message, readOnly, commit } = useBoundField(name);
  const values = Array.isArray(field.value) ? (field.value as unknown[]).map(display) : [];
  const change = (raw: string) => {
    const list = raw
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    const next = list.length === 0 && optional ? undefined : list;
    field.onChange(next);
    commit(name, next, { merge: false });
  };
  return (
    <Field.Root invalid={!!message} readOnly={readOnly}>
      <Field.Label>{label}</Field.Label>
      <Textarea
        name={field.name}
        ref={field.ref}
        rows={Math.max(2, values.length + 1)}
        defaultValue={values.join('\n')}
        onBlur={field.onBlur}
        onChange={(e) => change(e.target.value)}
        data-pointer={fieldNameToPointer(name)}
        size="sm"
        variant={readOnly ? 'subtle' : 'outline'}
      />
      <Field.HelperText>{helperText ? <>{helperText} </> : null}One per line.</Field.HelperText>
      {message && <Field.ErrorText>{message}</Field.ErrorText>}
    </Field.Root>
  );
}
