// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PERSONAS } from '../../schemas/contracts/preview-params';
import { callJson } from '../__fixtures__/calls';
import { useMockServer } from '../node';
import { DEFAULT_MOCK_SCENARIO, setMockScenario } from '../scenario';
import { DEFAULT_UNREAD_COUNT } from './unread-count';

useMockServer();

describe('GET /threads/unread-count?customer_id=', () => {
  it('defaults to 3', async () => {
    expect(DEFAULT_UNREAD_COUNT).toBe(3);
    expect(await callJson('unread-count')).toEqual({ status: 200, body: { data: 3 } });
  });

  it.each(PERSONAS)('%s with no-unread: 0', async (persona) => {
    setMockScenario({ ...DEFAULT_MOCK_SCENARIO, persona, data: ['no-unread'] });
    expect((await callJson('unread-count')).body).toEqual({ data: 0 });
  });

  it('refuses a call without customer_id', async () => {
    expect(await callJson('unread-count', { query: {} })).toEqual({
      status: 400,
      body: { error: 'Query parameter customer_id required.' },
    });
  });
});
