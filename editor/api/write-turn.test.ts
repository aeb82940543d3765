import { describe, expect, it } from 'vitest';
import { toApiError } from './api-error';
import { inWriteTurn } from './write-turn';

const queued = (ahead: number, ticket = 'b6a1c3f0-0000-4000-8000-000000000001') =>
  toApiError(409, {
    error: { code: 'write-queued', message: `${ahead} other saves go first` },
    turn: { ticket, ahead, retryAfterMs: ahead * 10 },
  });

describe('inWriteTurn (docs/api.md#write-turns)', () => {
  it('waits as told and sends the same save again with its ticket until it goes through', async () => {
    const sent: (string | undefined)[] = [];
    const waits: number[] = [];
    const answers = [queued(2), queued(1)];
    const saved = await inWriteTurn(
      async (ticket) => {
        sent.push(ticket);
        const next = answers.shift();
        if (next) throw next;
        return 'saved v9';
      },
      15_000,
      async (ms) => void waits.push(ms),
    );
    expect(saved).toBe('saved v9');
    expect(sent).toEqual([undefined, 'b6a1c3f0-0000-4000-8000-000000000001', 'b6a1c3f0-0000-4000-8000-000000000001']);
    expect(waits).toEqual([20, 10]);
  });

  it('hands a 412 to the person at once: a moved draft is theirs to merge', async () => {
    const stale = toApiError(412, {
      error: { code: 'stale-version', message: 'changed' },
      turn: { ticket: 't', ahead: 0, retryAfterMs: 0 },
    });
    let attempts = 0;
    await expect(
      inWriteTurn(
        async () => {
          attempts++;
          throw stale;
        },
        15_000,
        async () => undefined,
      ),
    ).rejects.toBe(stale);
    expect(attempts).toBe(1);
  });

  it('gives up with the 409 once waiting longer would pass its patience', async () => {
    const long = queued(500);
    await expect(
      inWriteTurn(
        async () => {
          throw long;
        },
        1_000,
        async () => undefined,
      ),
    ).rejects.toMatchObject({ code: 'write-queued', kind: 'conflict', turn: { ahead: 500 } });
  });

  it('reads no turn from a body whose turn is malformed', () => {
    expect(
      toApiError(409, { error: { code: 'write-queued', message: 'x' }, turn: { ticket: 5, ahead: 'one' } }).turn,
    ).toBeUndefined();
  });
});
