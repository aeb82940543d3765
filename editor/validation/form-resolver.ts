/**
 * The form view's react-hook-form resolver: the shared validator (schemas/validator, Ajv with the JSON
 * Schemas plus the cross-file checks), run on the form's values exactly as on the JSON text. Problems carry
 * JSON pointers, so mapping them to field names is a rename: `/footer/columns/0/heading` → `footer.columns.0.heading`.
 */
import { set, type FieldError, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { CrossFileContext, DocumentId, Problem } from '../../schemas/validator';
import { getIn, pointerToFieldName, pointerToSegments, segmentsToPath } from '../store/json-path';
import { fieldPointerOf } from './problem-rows';
import { loadValidator } from './live-validator';

/** RHF's key for an error on an object or list as a whole (its own convention for field arrays). */
export const ROOT_ERROR_KEY = 'root';

/** The RHF field name a problem is shown at: a value's own name, or `<name>.root` for an object or a list. */
export function fieldNameForProblem(problem: Pick<Problem, 'pointer' | 'message'>, values: unknown): string {
  const pointer = fieldPointerOf(problem);
  const segments = pointerToSegments(pointer);
  const at = getIn(values, segmentsToPath(segments, values));
  const name = pointerToFieldName(pointer);
  if (typeof at === 'object' && at !== null) return name === '' ? ROOT_ERROR_KEY : `${name}.${ROOT_ERROR_KEY}`;
  return name === '' ? ROOT_ERROR_KEY : name;
}

const describe = (p: Problem): string => (p.hint ? `${p.message} (${p.hint})` : p.message);

/** Problems → RHF's nested errors object. Several problems at one field share it, messages joined. */
export function problemsToFieldErrors(problems: readonly Problem[], values: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const byName = new Map<string, Problem[]>();
  for (const problem of problems) {
    const name = fieldNameForProblem(problem, values);
    byName.set(name, [...(byName.get(name) ?? []), problem]);
  }
  for (const [name, list] of byName) {
    const error: FieldError = { type: list[0]!.code, message: list.map(describe).join('; ') };
    set(errors, name, error);
  }
  return errors;
}

export interface ResolverContext {
  documentId: DocumentId;
  crossFile: CrossFileContext;
}

/**
 * The resolver: serialise the form values and validate them as the server validates a save. Asynchronous, as
 * react-hook-form allows: the validator is loaded on first use (docs/editor-bundle.md#the-validator).
 */
export const sharedValidatorResolver: Resolver<FieldValues, ResolverContext> = async (values, context) => {
  if (!context) return { values, errors: {} };
  const { validateText } = await loadValidator();
  const problems = validateText(context.documentId, JSON.stringify(values), context.crossFile);
  return problems.length === 0
    ? { values, errors: {} }
    : { values: {}, errors: problemsToFieldErrors(problems, values) };
};

const isLeaf = (node: unknown): node is FieldError =>
  typeof node === 'object' && node !== null && typeof (node as FieldError).type === 'string' && 'message' in node;

/** Every error message under an errors subtree, with its field name relative to the subtree. */
export function errorsUnder(node: unknown, prefix = ''): { name: string; message: string }[] {
  if (!node || typeof node !== 'object') return [];
  if (isLeaf(node)) return [{ name: prefix, message: String(node.message ?? node.type) }];
  const out: { name: string; message: string }[] = [];
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'types') continue;
    out.push(...errorsUnder(child, prefix === '' ? key : `${prefix}.${key}`));
  }
  return out;
}

/** How many problems an errors subtree holds: what a collapsed group shows as its mark. */
export function countErrors(node: unknown): number {
  return errorsUnder(node).length;
}
