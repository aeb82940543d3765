/**
 * The document page's way to the open JSON view's Monaco editor for visual editing and breadcrumbs
 * (docs/editor-workspace.md#breadcrumbs): select the value at a pointer, and hear the pointer under the caret.
 * Reached only through `import()` while the JSON view is open, so Monaco (already loaded by then) stays out
 * of the editor's first load.
 */
import * as monaco from 'monaco-editor/editor';
import { modelPath } from './monaco-setup';
import { pointerAtOffset, pointerRange } from './pointer-range';

function editorOf(documentId: string): monaco.editor.ICodeEditor | undefined {
  const path = modelPath(documentId);
  return monaco.editor
    .getEditors()
    .find((editor) => editor.getModel()?.uri.toString() === monaco.Uri.parse(path).toString());
}

/** Selects the value at `pointer` (or its nearest existing ancestor) and scrolls to it; false when no JSON view is open. */
export function selectPointer(documentId: string, pointer: string, focus = true): boolean {
  const editor = editorOf(documentId);
  const model = editor?.getModel();
  if (!editor || !model) return false;
  const range = pointerRange(model.getValue(), pointer);
  if (!range) return false;
  const start = model.getPositionAt(range.start);
  const end = model.getPositionAt(range.end);
  // The caret at the start of the value (a selection backwards), so the breadcrumbs name the value itself.
  const selection = new monaco.Selection(end.lineNumber, end.column, start.lineNumber, start.column);
  editor.setSelection(selection);
  editor.revealRangeInCenterIfOutsideViewport(selection);
  if (focus) editor.focus();
  return true;
}

/** Calls `listener` with the pointer under the caret whenever it moves; returns the unsubscribe. */
export function onCursorPointer(documentId: string, listener: (pointer: string) => void): () => void {
  const editor = editorOf(documentId);
  if (!editor) return () => {};
  const subscription = editor.onDidChangeCursorPosition((event) => {
    const model = editor.getModel();
    if (model) listener(pointerAtOffset(model.getValue(), model.getOffsetAt(event.position)));
  });
  return () => subscription.dispose();
}
