import { useCallback, useEffect, useRef } from 'react';
import {
  claimsPreviewProtocol,
  postPreviewMessage,
  previewFact,
  readPreviewMessage,
  type PreviewFact,
  type PreviewRequest,
} from '../../schemas/contracts/preview-protocol';
import { BUILD_ID } from './build-id';

export interface EditorChannel {
  /** Sends a fact to the editor; a no-op when the preview is not inside an editor's iframe. */
  report: (fact: PreviewFact) => void;
}

/** The editor window, when this preview is its iframe (a preview opened on its own has none). */
export function editorWindow(): Window | null {
  return window.parent !== window ? window.parent : null;
}

/**
 * The preview's end of the protocol: listens for requests from the editor window only, then announces
 * itself with PREVIEW_READY so the editor sends its draft and scenario.
 */
export function useEditorChannel(onRequest: (request: PreviewRequest) => void, editor: Window | null): EditorChannel {
  const handler = useRef(onRequest);
  useEffect(() => {
    handler.current = onRequest;
  });

  useEffect(() => {
    if (!editor) return;
    const listener = (event: MessageEvent) => {
      if (event.source !== editor && !claimsPreviewProtocol(event.data)) return;
      const request = readPreviewMessage(event, { source: editor, direction: 'request' });
      if (request) handler.current(request);
    };
    window.addEventListener('message', listener);
    postPreviewMessage(editor, previewFact('PREVIEW_READY', { buildId: BUILD_ID }));
    return () => window.removeEventListener('message', listener);
  }, [editor]);

  const report = useCallback(
    (fact: PreviewFact) => {
      if (editor) postPreviewMessage(editor, fact);
    },
    [editor],
  );
  return { report };
}
