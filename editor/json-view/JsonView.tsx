import Editor from '@monaco-editor/react';
import { useEffect, useState } from 'react';
import { draftStore, type DraftState } from '../store/draft-store';
import { minimalTextChange } from '../store/text-edit';
import type { Registry } from '../validation/registries';
import type { CursorTarget } from './cursor-target';
import { modelPath, setCompletionRegistry } from './monaco-setup';

export interface JsonViewProps {
  documentId: string;
  readOnly: boolean;
  /** Flag and access ids offered at rule values. */
  registry: Registry;
  onReady: (target: CursorTarget | null) => void;
}

type CodeEditor = Parameters<NonNullable<Parameters<typeof Editor>[0]['onMount']>>[0];

/**
 * The JSON view: Monaco over the draft store, with the document schemas. Default export, so React.lazy can
 * load it on demand.
 *
 * Typing writes the store (`setFromText`); store changes from elsewhere (the form, undo/redo, a reload) are
 * applied to the model as one minimal edit, so the cursor and scroll position stay put.
 * Undo/redo: Monaco's own Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl+Y are rebound to the store's undo/redo, so
 * one history covers both views (Monaco's internal stack is never used from the keyboard).
 */
export default function JsonView({ documentId, readOnly, registry, onReady }: JsonViewProps) {
  const [initialText] = useState(() => draftStore.getState().text);
  const [editor, setEditor] = useState<CodeEditor | null>(null);

  useEffect(() => setCompletionRegistry(registry), [registry]);

  useEffect(() => {
    if (!editor) return;
    const apply = (state: DraftState) => {
      const model = editor.getModel();
      if (!model) return;
      const change = minimalTextChange(model.getValue(), state.text);
      if (!change) return;
      const start = model.getPositionAt(change.start);
      const end = model.getPositionAt(change.end);
      model.pushEditOperations(
        [],
        [
          {
            range: {
              startLineNumber: start.lineNumber,
              startColumn: start.column,
              endLineNumber: end.lineNumber,
              endColumn: end.column,
            },
            text: change.text,
          },
        ],
        () => null,
      );
      if (state.lastChange.source === 'undo' || state.lastChange.source === 'redo') {
        // Like an editor's own undo: the caret goes to the change.
        const caret = model.getPositionAt(change.start + change.text.length);
        editor.setPosition(caret);
        editor.revealPositionInCenterIfOutsideViewport(caret);
      }
    };
    apply(draftStore.getState());
    const unsubscribe = draftStore.subscribe((state, previous) => {
      if (state.text !== previous.text) apply(state);
    });
    onReady({
      goTo(line, column) {
        editor.setPosition({ lineNumber: line, column });
        editor.revealLineInCenter(line);
        editor.focus();
      },
    });
    return () => {
      unsubscribe();
      onReady(null);
    };
  }, [editor, onReady]);

  return (
    <Editor
      height="70vh"
      language="json"
      path={modelPath(documentId)}
      defaultValue={initialText}
      onChange={(text) => draftStore.getState().setFromText(text ?? '')}
      options={{
        readOnly,
        minimap: { enabled: false },
        tabSize: 2,
        scrollBeyondLastLine: false,
        automaticLayout: true,
        // Labels are native text in 13 languages (en dashes, umlauts); flagging them as ambiguous is noise.
        unicodeHighlight: { ambiguousCharacters: false },
        ariaLabel: `${documentId} JSON${readOnly ? ' (read-only)' : ''}`,
      }}
      onMount={(mounted, monaco) => {
        const { KeyMod, KeyCode } = monaco;
        mounted.addCommand(KeyMod.CtrlCmd | KeyCode.KeyZ, () => draftStore.getState().undo());
        mounted.addCommand(KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyZ, () => draftStore.getState().redo());
        mounted.addCommand(KeyMod.CtrlCmd | KeyCode.KeyY, () => draftStore.getState().redo());
        setEditor(mounted);
      }}
    />
  );
}
