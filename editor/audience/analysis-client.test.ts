import { analyzeDraft } from './analysis';
import { createAnalysisClient } from './analysis-client';
import { handleAnalysisRequest } from './analysis-protocol';

vi.mock('./analysis', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./analysis')>()),
  analyzeDraft: vi.fn(),
}));

describe('the audience analysis protocol', () => {
  it('answers a request with the fact of the same id', () => {
    vi.mocked(analyzeDraft).mockReturnValue({ kind: 'not-a-locale' });
    expect(
      handleAnalysisRequest({
        type: 'ANALYZE_DRAFT',
        requestId: 7,
        documentId: 'markets',
        draftText: '{}',
        others: [],
      }),
    ).toEqual({ type: 'DRAFT_ANALYZED', requestId: 7, result: { kind: 'not-a-locale' } });
  });

  it('turns an engine exception into ANALYSIS_FAILED, never a silent stop', () => {
    vi.mocked(analyzeDraft).mockImplementation(() => {
      throw new Error('boom');
    });
    expect(
      handleAnalysisRequest({ type: 'ANALYZE_DRAFT', requestId: 8, documentId: 'fi-FI', draftText: '{}', others: [] }),
    ).toEqual({ type: 'ANALYSIS_FAILED', requestId: 8, message: 'The audience engine failed: boom' });
  });
});

describe('createAnalysisClient without a Worker (jsdom)', () => {
  it('runs the handler in this thread and says so', async () => {
    vi.mocked(analyzeDraft).mockReturnValue({ kind: 'not-a-locale' });
    const client = createAnalysisClient();
    expect(client.inWorker).toBe(false);
    await expect(client.analyzeDraft('markets', '{}', [])).resolves.toEqual({ kind: 'not-a-locale' });
  });

  it('rejects with the engine’s message when the analysis fails', async () => {
    vi.mocked(analyzeDraft).mockImplementation(() => {
      throw new Error('boom');
    });
    await expect(createAnalysisClient().analyzeDraft('fi-FI', '{}', [])).rejects.toThrow(
      'The audience engine failed: boom',
    );
  });

  it('refuses requests once disposed', async () => {
    const client = createAnalysisClient();
    client.dispose();
    await expect(client.analyzeDraft('fi-FI', '{}', [])).rejects.toThrow('The audience analysis was closed.');
  });
});
