/**
 * The form view: react-hook-form over the draft store. Default export, so React.lazy loads it (with
 * react-hook-form, dnd-kit and the rich-text sanitiser) only when someone opens it.
 *
 * - Form → store: every field writes on every change (`setFromForm`), so the JSON view and the preview
 *   see it at once.
 * - Store → form: a change made elsewhere (undo/redo, the JSON view, a reload) resets the form with the
 *   store's value; the form's own writes are not echoed back.
 * - Validation: the page's live problems (`problems`, the shared validator's result for the settled draft)
 *   mapped to the fields, so a keystroke does not validate the document a second time; without them, the
 *   shared validator as RHF resolver, run for the whole form shortly after each change.
 * - While the text does not parse, the form is replaced by a notice with the parse error; the text is kept.
 */
import { Alert, Box, Stack, Text } from '@chakra-ui/react';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import type { CrossFileContext, Problem } from '../../schemas/validator';
import { documentKind, type DocumentId, type DocumentKind } from '../../schemas/validator/documents';
import { draftStore, useDraft, type WriteOptions } from '../store/draft-store';
import { fieldNameToPath } from '../store/json-path';
import { problemsToFieldErrors, sharedValidatorResolver, type ResolverContext } from '../validation/form-resolver';
import type { Registry } from '../validation/registries';
import type { FieldTarget } from './field-target';
import { FormBindingProvider, type FormBinding } from './form-binding';
import { findFieldElement, useFormUi } from './form-ui-store';
import { FlagsForm, MarketsForm } from './ListDocumentForms';
import { LocaleForm } from './LocaleForm';
import { problemsSaid } from './problems-said';
import { focusField } from '../workspace/reveal-field';

/** Whole-form validation waits this long after the last change. */
export const FORM_VALIDATION_DEBOUNCE_MS = 150;

export interface FormViewProps {
  documentId: DocumentId;
  readOnly: boolean;
  registry: Registry;
  crossFile: CrossFileContext;
  onReady: (target: FieldTarget | null) => void;
  /**
   * The page's live problems of this draft (it validates the settled text anyway). Given, the form shows
   * them at the fields and runs no validation of its own; absent, it validates the form values itself.
   */
  problems?: readonly Problem[];
}

const FORMS: Record<DocumentKind, { Form: ComponentType; covers: string }> = {
  locale: {
    Form: LocaleForm,
    covers:
      'the whole document: header, account menu, footer (with the review strip, US contact and app banners), UI strings, SEO and tracking, register flows and the general settings.',
  },
  markets: { Form: MarketsForm, covers: 'every market entry of the picker and the banner.' },
  flags: { Form: FlagsForm, covers: 'every flag of the registry.' },
};

export default function FormView(props: FormViewProps) {
  const parseError = useDraft((s) => s.parseError);
  const isObject = useDraft((s) => typeof s.value === 'object' && s.value !== null && !Array.isArray(s.value));
  const forDocument = useFormUi((s) => s.forDocument);
  // A layout effect: it runs before any passive effect of the tree, so the page's first go-to (made when the
  // form reports ready, e.g. for a `?at=` link) is not wiped by the switch to this document.
  useLayoutEffect(() => forDocument(props.documentId), [forDocument, props.documentId]);

  const problems = useSameProblems(props.problems);
  if (parseError) {
    return (
      <Alert.Root status="warning" role="alert" m="3" w="auto">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Fix the JSON first</Alert.Title>
          <Alert.Description>
            Line {parseError.line}, column {parseError.column}: {parseError.message}. The form shows the document again
            once its text parses; switch to the JSON view to fix it. Your text is kept as it is.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (!isObject) {
    return (
      <Alert.Root status="warning" role="alert" m="3" w="auto">
        <Alert.Indicator />
        <Alert.Title>The document is not a JSON object; fix it in the JSON view.</Alert.Title>
      </Alert.Root>
    );
  }
  return <DocumentForm {...props} problems={problems} />;
}

/**
 * The page validates every settled draft and hands over a new list each time; the form keeps the last list while
 * what it says is the same, so a keystroke that changes no problem neither renders nor validates the form again
 * (docs/editor-typing.md#the-fixes).
 */
function useSameProblems(problems: readonly Problem[] | undefined): readonly Problem[] | undefined {
  const kept = useRef<{ said: string; problems: readonly Problem[] } | null>(null);
  if (problems === undefined) return undefined;
  const said = problemsSaid(problems);
  if (kept.current?.said !== said) kept.current = { said, problems };
  return kept.current.problems;
}

const DocumentForm = memo(function DocumentForm({
  documentId,
  readOnly,
  registry,
  crossFile,
  onReady,
  problems,
}: FormViewProps) {
  const [defaultValues] = useState(() => draftStore.getState().value as FieldValues);
  const context = useMemo<ResolverContext>(() => ({ documentId, crossFile }), [documentId, crossFile]);
  const given = useRef(problems);
  given.current = problems;
  const ownValidation = problems === undefined;
  // With the page's problems, "validating" is mapping them to field names: no second run of the validator.
  const resolver = useCallback<Resolver<FieldValues, ResolverContext>>((values, resolverContext, options) => {
    const list = given.current;
    if (list === undefined) return sharedValidatorResolver(values, resolverContext, options);
    return list.length === 0 ? { values, errors: {} } : { values: {}, errors: problemsToFieldErrors(list, values) };
  }, []);
  const form = useForm<FieldValues, ResolverContext>({
    defaultValues,
    resolver,
    context,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { reset, trigger } = form;
  const container = useRef<HTMLDivElement>(null);

  // Validate the whole form now and shortly after every change, whichever view made it.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    void trigger();
    const unsubscribe = draftStore.subscribe((state, previous) => {
      if (state.revision === previous.revision) return;
      // Changes made elsewhere replace the form's values; its own writes are already in it.
      if (state.lastChange.source !== 'form' && state.value !== undefined && state.value !== previous.value) {
        // A reset remounts list items; the field that had focus (say, Ctrl+Z typed in it) gets it back.
        const active =
          document.activeElement instanceof HTMLElement && container.current?.contains(document.activeElement)
            ? document.activeElement.dataset.pointer
            : undefined;
        reset(state.value as FieldValues, { keepErrors: true });
        if (active !== undefined)
          requestAnimationFrame(() => {
            const element = container.current && findFieldElement(container.current, active);
            if (element && element !== document.activeElement) element.focus();
          });
      }
      if (!ownValidation) return;
      clearTimeout(timer);
      timer = setTimeout(() => void trigger(), FORM_VALIDATION_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [reset, trigger, ownValidation]);

  // New problems from the page, or a new cross-file context (the flag registry, e.g. while flags.json itself
  // is edited): show them. FormView passes a new list only when what it says changed (useSameProblems):
  // trigger() notifies every field, so a settled keystroke that changes no problem must not call it.
  useEffect(() => void trigger(), [context, problems, trigger]);

  const commit = useCallback(
    (name: string, value: unknown, options?: WriteOptions) => {
      if (readOnly) return;
      const state = draftStore.getState();
      state.setFromForm(fieldNameToPath(name, state.value), value, options);
    },
    [readOnly],
  );
  const binding = useMemo<FormBinding>(
    () => ({ documentId, readOnly, registry, commit }),
    [documentId, readOnly, registry, commit],
  );

  useEffect(() => {
    onReady({ goTo: (pointer) => useFormUi.getState().goTo(pointer) });
    return () => onReady(null);
  }, [onReady]);

  // A click in the problem list: the groups on the way are open by now (same render); focus the field.
  const focus = useFormUi((s) => s.focus);
  useEffect(() => {
    if (!focus || !container.current) return;
    let frame = 0;
    let attempts = 0;
    const attempt = () => {
      const element = container.current && findFieldElement(container.current, focus.pointer);
      if (element && (element.dataset.pointer === focus.pointer || attempts >= 3)) {
        focusField(element);
        useFormUi.setState({ focus: null });
        return;
      }
      attempts++;
      frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [focus]);

  const { Form, covers } = FORMS[documentKind(documentId)];
  // One element for the form's lifetime: a render of this component (new problems, a new context) then does
  // not re-render every field under it; the fields follow their own values and errors (docs/editor-typing.md#the-fixes).
  const body = useMemo(() => <Form />, [Form]);
  return (
    <FormProvider {...form}>
      <FormBindingProvider value={binding}>
        <Box ref={container} p="3" maxH="70vh" overflowY="auto">
          <form aria-label={`${documentId} form`} noValidate onSubmit={(e) => e.preventDefault()}>
            <Stack gap="3">
              <Text fontSize="sm" color="fg.muted">
                {readOnly ? 'Read-only. ' : ''}The form covers {covers}
              </Text>
              {body}
            </Stack>
          </form>
        </Box>
      </FormBindingProvider>
    </FormProvider>
  );
});
