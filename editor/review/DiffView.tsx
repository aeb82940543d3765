import { DiffEditor, type DiffEditorProps, type MonacoDiffEditor } from '@monaco-editor/react';
import { useEffect, useId, useRef } from 'react';
// Importing the JSON view's setup configures the loader with the locally bundled Monaco (never the CDN) and
// registers the schemas; this module is reached only through React.lazy (see DiffPanel), so none of it is in the first load.
import { modelPath } from '../json-view/monaco-setup';

export interface DiffViewProps {
  documentId: string;
  /** Left side. */
  original: string;
  /** Right side. */
  modified: string;
  originalLabel: string;
  modifiedLabel: string;
  height?: string;
}

type DiffModels = ReturnType<MonacoDiffEditor['getModel']>;

/**
 * A read-only Monaco diff of two JSON texts. Default export, so React.lazy can load it on demand.
 *
 * @monaco-editor/react disposes the models before the diff editor on unmount, which Monaco reports as an
 * error ("TextModel got disposed before DiffEditorWidget model got reset"); so the models are kept there and
 * disposed here once the editor is gone.
 */
export default function DiffView({
  documentId,
  original,
  modified,
  originalLabel,
  modifiedLabel,
  height = '50vh',
}: DiffViewProps) {
  // Own model URIs per instance (never the JSON view's), beside config/ so the documents' "$schema" resolves.
  const instance = useId().replace(/[^a-zA-Z0-9]/g, '');
  const models = useRef<DiffModels>(null);

  useEffect(
    () => () => {
      const kept = models.current;
      models.current = null;
      // After the diff editor's own cleanup (same commit) has disposed the widget.
      queueMicrotask(() => {
        for (const model of [kept?.original, kept?.modified]) if (model && !model.isDisposed()) model.dispose();
      });
    },
    [],
  );

  return (
    <DiffEditor
      height={height}
      language="json"
      original={original}
      modified={modified}
      originalModelPath={modelPath(`${documentId}.${instance}-original`)}
      modifiedModelPath={modelPath(`${documentId}.${instance}-modified`)}
      keepCurrentOriginalModel
      keepCurrentModifiedModel
      loading={null}
      onMount={(editor, monaco) => {
        models.current = editor.getModel();
        // Monaco 0.57 resets each side's aria-label to "" on any diff-editor option update that does not repeat
        // the labels; keep the sides named (axe: aria-input-field-name).
        const sides = [
          [editor.getOriginalEditor(), `${originalLabel} (read-only)`],
          [editor.getModifiedEditor(), `${modifiedLabel} (read-only)`],
        ] as const;
        for (const [side, label] of sides) {
          const name = () =>
            side.getOption(monaco.editor.EditorOption.ariaLabel) !== label && side.updateOptions({ ariaLabel: label });
          name();
          side.onDidChangeConfiguration((e) => e.hasChanged(monaco.editor.EditorOption.ariaLabel) && name());
        }
      }}
      options={options}
    />
  );
}

/** The same for every instance (a new object per render would re-apply them); the side labels are set in onMount. */
const options: DiffEditorProps['options'] = {
  readOnly: true,
  originalEditable: false,
  // No revert arrows or hunk menu: nothing here is editable. (The hunk menu also reads a disposed
  // context-key service when the diff unmounts, which Monaco 0.57 reports as an uncaught error.)
  renderMarginRevertIcon: false,
  renderGutterMenu: false,
  renderSideBySide: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
  // Long unchanged stretches fold away, so the change is what you see.
  hideUnchangedRegions: { enabled: true },
  unicodeHighlight: { ambiguousCharacters: false },
};
