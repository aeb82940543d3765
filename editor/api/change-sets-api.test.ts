import { changeSet } from '../change-sets/__fixtures__/change-set';
import { ApiError } from './api-error';
import {
  actOnChangeSet,
  createChangeSet,
  createShare,
  getChangeSet,
  listChangeSets,
  revokeShare,
  StaleChangeSetError,
} from './change-sets-api';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => vi.restoreAllMocks());

describe('the change-set calls', () => {
  it('list, read and create go to /api/change-sets', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    fetchSpy.mockResolvedValueOnce(json(200, { changeSets: [changeSet()], requireApproval: true }));
    expect((await listChangeSets()).requireApproval).toBe(true);
    fetchSpy.mockResolvedValueOnce(json(200, changeSet(), { etag: '"r1"' }));
    expect((await getChangeSet('cs-abcdefghij')).id).toBe('cs-abcdefghij');
    fetchSpy.mockResolvedValueOnce(json(201, changeSet()));
    await createChangeSet({ title: 'T', documents: ['de-DE'] });
    expect(fetchSpy.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'GET /api/change-sets',
      'GET /api/change-sets/cs-abcdefghij',
      'POST /api/change-sets',
    ]);
    expect(fetchSpy.mock.calls[2]?.[1]?.body).toBe('{"title":"T","documents":["de-DE"]}');
  });

  it('an action names the revision it acts on in If-Match', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(200, changeSet({ state: 'in-review', revision: 5 })));
    const next = await actOnChangeSet('cs-abcdefghij', 4, { action: 'submit' });
    expect(next.state).toBe('in-review');
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/change-sets/cs-abcdefghij/actions');
    expect(init?.headers).toMatchObject({ 'if-match': '"r4"' });
    expect(init?.body).toBe('{"action":"submit"}');
  });

  it('a 412 stale-change-set becomes a StaleChangeSetError carrying the record as it is now', async () => {
    const current = changeSet({ state: 'approved', revision: 7 });
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(412, { error: { code: 'stale-change-set', message: 'changed' }, changeSet: current }))
      .mockResolvedValueOnce(json(200, current, { etag: '"r7"' }));
    const error = await actOnChangeSet('cs-abcdefghij', 4, { action: 'approve' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaleChangeSetError);
    expect((error as StaleChangeSetError).current).toEqual(current);
  });

  it('other refusals stay ApiErrors with their code (self-approval)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      json(403, { error: { code: 'self-approval', message: 'You wrote de-DE v8', hint: 'ask someone else' } }),
    );
    const error = await actOnChangeSet('cs-abcdefghij', 4, { action: 'approve' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'self-approval', kind: 'forbidden', hint: 'ask someone else' });
  });

  it('shares are created and revoked under their set', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    fetchSpy.mockResolvedValueOnce(json(201, { share: { id: 's1' }, url: '/preview?share=t' }));
    expect((await createShare('cs-abcdefghij', { expiresInMinutes: 60, note: 'compliance' })).url).toBe(
      '/preview?share=t',
    );
    fetchSpy.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await revokeShare('cs-abcdefghij', 's1');
    expect(fetchSpy.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'POST /api/change-sets/cs-abcdefghij/shares',
      'DELETE /api/change-sets/cs-abcdefghij/shares/s1',
    ]);
  });
});
