import { createContext, useContext } from 'react';
import type { WriteOptions } from '../store/draft-store';
import type { Registry } from '../validation/registries';

/** What every form part needs besides react-hook-form: where writes go, whether it may write, the pickers' lists. */
export interface FormBinding {
  documentId: string;
  readOnly: boolean;
  registry: Registry;
  /** Writes the field's new value to the draft store (on every change, not on blur). */
  commit: (name: string, value: unknown, options?: WriteOptions) => void;
}

const FormBindingContext = createContext<FormBinding | null>(null);

export const FormBindingProvider = FormBindingContext.Provider;

export function useFormBinding(): FormBinding {
  const binding = useContext(FormBindingContext);
  if (!binding) throw new Error('useFormBinding must be used inside the form view (FormBindingProvider).');
  return binding;
}
