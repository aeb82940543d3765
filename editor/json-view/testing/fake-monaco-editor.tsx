/**
 * A stand-in for @monaco-editor/react in component tests (jsdom cannot run Monaco): a textarea with the
 * slice of the editor API JsonView uses, and Monaco's keybinding dispatch for commands added with
 * addCommand. Use with `vi.mock('@monaco-editor/react', () => import('…/fake-monaco-editor'))`.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

const KeyMod = { CtrlCmd: 1 << 11, Shift: 1 << 10 } as const;
const KeyCode = { KeyY: 55, KeyZ: 56 } as const;

interface Position {
  lineNumber: number;
  column: number;
}

interface FakeEditorProps {
  defaultValue?: string;
  onChange?: (value: string | undefined) => void;
  onMount?: (editor: unknown, monaco: unknown) => void;
  options?: { readOnly?: boolean; ariaLabel?: string };
}

function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { lineNumber: line, column: offset - before.lastIndexOf('\n') };
}

function offsetAt(text: string, { lineNumber, column }: Position): number {
  const lines = text.split('\n');
  return lines.slice(0, lineNumber - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1;
}

export default function FakeMonacoEditor({ defaultValue = '', onChange, onMount, options = {} }: FakeEditorProps) {
  const [text, setText] = useState(defaultValue);
  const textRef = useRef(defaultValue);
  const commands = useRef(new Map<number, () => void>());
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const area = useRef<HTMLTextAreaElement>(null);

  const write = (next: string) => {
    textRef.current = next;
    setText(next);
    onChangeRef.current?.(next);
  };

  useEffect(() => {
    const model = {
      getValue: () => textRef.current,
      getPositionAt: (offset: number) => positionAt(textRef.current, offset),
      getOffsetAt: (position: Position) => offsetAt(textRef.current, position),
      pushEditOperations: (
        _: unknown,
        edits: {
          range: { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number };
          text: string;
        }[],
      ) => {
        let next = textRef.current;
        for (const { range, text: inserted } of edits) {
          const start = offsetAt(next, { lineNumber: range.startLineNumber, column: range.startColumn });
          const end = offsetAt(next, { lineNumber: range.endLineNumber, column: range.endColumn });
          next = next.slice(0, start) + inserted + next.slice(end);
        }
        write(next);
        return null;
      },
    };
    const editor = {
      getModel: () => model,
      addCommand: (keybinding: number, handler: () => void) => commands.current.set(keybinding, handler),
      setPosition: (p: Position) =>
        area.current?.setSelectionRange(offsetAt(textRef.current, p), offsetAt(textRef.current, p)),
      revealLineInCenter: () => {},
      revealPositionInCenterIfOutsideViewport: () => {},
      focus: () => area.current?.focus(),
    };
    onMount?.(editor, { KeyMod, KeyCode });
    // Mounts once, as Monaco does.
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    const code =
      event.key.toLowerCase() === 'z' ? KeyCode.KeyZ : event.key.toLowerCase() === 'y' ? KeyCode.KeyY : undefined;
    if (code === undefined) return;
    const handler = commands.current.get(KeyMod.CtrlCmd | (event.shiftKey ? KeyMod.Shift : 0) | code);
    if (!handler) return;
    event.preventDefault();
    handler();
  };

  return (
    <div className="monaco-editor">
      <textarea
        ref={area}
        aria-label={options.ariaLabel}
        readOnly={options.readOnly}
        value={text}
        onChange={(e) => write(e.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
