import Editor from '@monaco-editor/react';
import type { CursorTarget } from './cursor-target';
import { modelPath } from './monaco-setup';

export interface JsonViewProps {
  documentId: string;
  value: string;
  readOnly: boolean;
  onChange: (text: string) => void;
  onReady: (target: CursorTarget) => void;
}

/** The JSON view: Monaco with the document schemas. Default export, so React.lazy can load it on demand. */
export default function JsonView({ documentId, value, readOnly, onChange, onReady }: JsonViewProps) {
  return (
    <Editor
      height="70vh"
      language="json"
      path={modelPath(documentId)}
      value={value}
      onChange={(text) => onChange(text ?? '')}
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
      onMount={(editor) => {
        onReady({
          goTo(line, column) {
            editor.setPosition({ lineNumber: line, column });
            editor.revealLineInCenter(line);
            editor.focus();
          },
        });
      }}
    />
  );
}
