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
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const { readOnly, commit } = useFormBinding();
  const message = errorText(fieldState.error);
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
        {optional && <Field.RequiredIndicator fallback=" (optional)" color="gray.600" fontWeight="normal" />}
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
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const { readOnly, commit } = useFormBinding();
  const message = errorText(fieldState.error);
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
            <option key={o.value} value={o.value}>{o.label ?? o.value}</option>
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
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const { readOnly, commit } = useFormBinding();
  const message = errorText(fieldState.error);
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
        <Checkbox.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} data-pointer={fieldNameToPointer(name)} />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {message && <Field.ErrorText>{message}</Field.ErrorText>}
    </Field.Root>
  );
}
