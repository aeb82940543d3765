// @vitest-environment jsdom
/**
 * A save, publish or restore the store refuses (full or read-only) reaches the user as the server
 * said it — what is wrong and what to do — and keeps the user's text: nothing is reloaded over it.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { toApiError } from '../api/api-error';
import { getDocument, listDocuments, publishDocument, restoreVersion, saveDocument } from '../api/documents-api';
import type { DocumentVersion } from '../../schemas/contracts';
import { draftStore } from '../store/draft-store';
import { useDocumentEditor } from './use-document-editor';

vi.mock('../api/documents-api', () => ({
  getDocument: vi.fn(),
  listDocuments: vi.fn(),
  saveDocument: vi.fn(),
  publishDocument: vi.fn(),
  restoreVersion: vi.fn(),
}));

const text = readFileSync('config/flags.json', 'utf8');
const draft: DocumentVersion = {
  id: 'flags',
  kind: 'flags',
  version: 4,
  etag: '"v4"',
  author: 'seed',
  time: '2026-01-05T10:00:00.000Z',
  message: '',
  action: 'save',
  isDraft: true,
  isPublished: false,
  text,
  content: JSON.parse(text) as unknown,
};

/** What the config service answers (docs/api.md, "Storage errors"). */
const FULL = {
  error: {
    code: 'storage-full',
    message: 'the store has no space left: nothing was written',
    hint: 'free space on the volume that holds CONFIG_DIR, then try again',
  },
};
const READ_ONLY = {
  error: {
    code: 'storage-read-only',
    message: 'the store refuses writes: nothing was written',
    hint: 'remount the volume read-write, then try again',
  },
};

beforeEach(() => {
  draftStore.getState().reset();
  vi.mocked(getDocument).mockResolvedValue(draft);
  vi.mocked(listDocuments).mockResolvedValue([]);
});

async function openEditor() {
  const hook = renderHook(() => useDocumentEditor('flags'));
  await waitFor(() => expect(hook.result.current.draft).not.toBeNull());
  const mine = text.replace('"flags"', '"flags" ');
  act(() => hook.result.current.setText(mine));
  return { hook, mine };
}

describe('storage errors in the document editor', () => {
  it.each([
    ['save', 507, FULL],
    ['publish', 503, READ_ONLY],
    ['restore', 507, FULL],
  ] as const)(
    '%s refused with %i: the message and the hint reach the user, the text stays',
    async (action, status, body) => {
      const refusal = toApiError(status, body);
      vi.mocked(saveDocument).mockRejectedValue(refusal);
      vi.mocked(publishDocument).mockRejectedValue(refusal);
      vi.mocked(restoreVersion).mockRejectedValue(refusal);
      const { hook, mine } = await openEditor();
      const loads = vi.mocked(getDocument).mock.calls.length;

      let result: Awaited<ReturnType<typeof hook.result.current.save>> | undefined;
      await act(async () => {
        const editor = hook.result.current;
        result = await (action === 'save'
          ? editor.save('a change')
          : action === 'publish'
            ? editor.publish()
            : editor.restore(2));
      });

      expect(refusal.kind).toBe('storage');
      expect(result).toEqual({ ok: false, message: `${body.error.message} (${body.error.hint})` });
      expect(draftStore.getState().text).toBe(mine);
      expect(vi.mocked(getDocument).mock.calls.length).toBe(loads);
      expect(hook.result.current.serverProblems).toEqual([]);
    },
  );
});
