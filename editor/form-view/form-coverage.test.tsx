/**
 * No part of any config needs the JSON view: every leaf of every document (all DOCUMENT_IDS, the seed configs
 * in config/) has a form field. For each leaf shape (its pointer with list indexes as *), the first document
 * that has it is opened in the form, the form is sent to the leaf (as the problem list and `?at=` links do),
 * and an element bound to exactly that pointer must be on screen (docs/editor-form.md#coverage).
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { DOCUMENT_IDS, type DocumentId } from '../../schemas/validator';
import { draftStore } from '../store/draft-store';
import { pathToPointer } from '../store/json-path';
import { buildContext } from '../validation/validate-text';
import { flagOptionsFrom } from '../validation/registries';
import type { FieldTarget } from './field-target';
import { useFormUi } from './form-ui-store';
import FormView from './FormView';

const isPlain = (v: unknown) => v === null || typeof v !== 'object';

/**
 * The pointers of a document's leaves: texts, numbers, booleans, lists of plain values (one field edits
 * the list) and empty objects or lists.
 */
export function leafPointers(value: unknown, path: string[] = []): string[] {
  if (isPlain(value)) return [pathToPointer(path)];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value as object);
  if (entries.length === 0 || (Array.isArray(value) && value.every(isPlain))) return [pathToPointer(path)];
  return entries.flatMap(([key, child]) => leafPointers(child, [...path, key]));
}

const shapeOf = (pointer: string) => pointer.replace(/\/\d+(?=\/|$)/g, '/*');

const flagsDoc = JSON.parse(readFileSync('config/flags.json', 'utf8')) as unknown;
const registry = { flags: flagOptionsFrom(flagsDoc) };
const crossFile = buildContext(
  flagsDoc,
  [...DOCUMENT_IDS].filter((id) => id !== 'markets' && id !== 'flags'),
);

/** One document per leaf shape: the first one (in DOCUMENT_IDS order) that has it. */
function representatives(): Map<DocumentId, string[]> {
  const seen = new Set<string>();
  const byDocument = new Map<DocumentId, string[]>();
  for (const id of DOCUMENT_IDS) {
    const kind = id === 'markets' || id === 'flags' ? id : 'locale';
    for (const pointer of leafPointers(JSON.parse(readFileSync(`config/${id}.json`, 'utf8')))) {
      const shape = `${kind}:${shapeOf(pointer)}`;
      if (seen.has(shape)) continue;
      seen.add(shape);
      byDocument.set(id, [...(byDocument.get(id) ?? []), pointer]);
    }
  }
  return byDocument;
}

describe('form coverage', () => {
  it('finds the leaves of a document, lists of plain values as one leaf', () => {
    expect(leafPointers({ a: { b: 'x', c: [1, 2], d: [{ e: true }], f: {} }, 'g/h': null })).toEqual([
      '/a/b',
      '/a/c',
      '/a/d/0/e',
      '/a/f',
      '/g~1h',
    ]);
  });

  const documents = [...representatives()];
  it('has every document id of the registry', () => {
    expect(documents.map(([id]) => id)).toEqual(expect.arrayContaining(['de-DE', 'markets', 'flags']));
  });

  it.each(documents)('%s: every leaf has a form field', { timeout: 300_000 }, async (id, pointers) => {
    draftStore.getState().reset();
    useFormUi.setState({ documentId: null, section: null, open: {}, selected: {}, focus: null });
    draftStore.getState().load(id, readFileSync(`config/${id}.json`, 'utf8'));
    let target: FieldTarget | null = null;
    const { container } = render(
      <ChakraProvider value={defaultSystem}>
        <FormView
          documentId={id}
          readOnly={false}
          registry={registry}
          crossFile={crossFile}
          onReady={(t) => (target = t)}
        />
      </ChakraProvider>,
    );
    const missing: string[] = [];
    for (const pointer of pointers) {
      const selector = `[data-pointer="${pointer.replace(/["\\]/g, '\\$&')}"]`;
      // Leaves of the item or tab already on screen need no trip.
      if (container.querySelector(selector)) continue;
      act(() => target!.goTo(pointer));
      try {
        await waitFor(() => expect(container.querySelector(selector)).not.toBeNull(), { timeout: 5000 });
      } catch {
        missing.push(pointer);
      }
    }
    expect(container.querySelector('[data-unsupported]')).toBeNull();
    expect(missing).toEqual([]);
    cleanup();
  });
});
