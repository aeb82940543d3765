import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { MemoryWriteTurns } from '../storage/write-turns';
import { NEW_TICKET, TurnGate } from './turn-gate';

const stale = () => new ApiError(412, 'stale-version', 'flags changed since you read it', 'merge');
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A save that finishes when told to: the writes' order is what the line decides. */
function heldWrite(log: string[], name: string) {
  let finish!: (outcome: 'ok' | 'stale') => void;
  const outcome = new Promise<'ok' | 'stale'>((resolve) => (finish = resolve));
  const write = async () => {
    log.push(`${name} writes`);
    if ((await outcome) === 'stale') throw stale();
    return name;
  };
  return { write, finish };
}

describe('TurnGate (docs/api.md#write-turns)', () => {
  it('lets a writer that came later wait in line and wakes it as soon as the one ahead is through', async () => {
    const turns = new MemoryWriteTurns();
    const gate = new TurnGate(turns);
    const log: string[] = [];
    // B lost a race and holds the oldest ticket.
    const b = await turns.join('flags', undefined);
    const c = heldWrite(log, 'C');
    const later = gate.run('flags', { ticket: NEW_TICKET }, c.write);
    await tick();
    expect(log).toEqual([]);
    const bWrite = heldWrite(log, 'B');
    const mine = gate.run('flags', { ticket: b.ticket }, bWrite.write);
    await tick();
    expect(log).toEqual(['B writes']);
    bWrite.finish('ok');
    await expect(mine).resolves.toBe('B');
    await tick();
    expect(log).toEqual(['B writes', 'C writes']);
    c.finish('ok');
    await expect(later).resolves.toBe('C');
    expect(await turns.standing('flags', undefined)).toEqual({ ahead: 0 });
  });

  it('gives a writer that takes part a 412 with its place (first), and one that does not a plain 412', async () => {
    const gate = new TurnGate(new MemoryWriteTurns());
    const taking = gate.run('flags', { ticket: NEW_TICKET }, () => Promise.reject(stale()));
    await expect(taking).rejects.toMatchObject({
      status: 412,
      extra: { fields: { turn: { ahead: 0, retryAfterMs: 0 } } },
    });
    const plain = await gate.run('de-DE', {}, () => Promise.reject(stale())).catch((error: ApiError) => error);
    expect(plain.extra.fields?.turn).toBeUndefined();
  });

  it('answers 409 write-queued with the ticket after the longest wait, and the ticket keeps the place', async () => {
    const turns = new MemoryWriteTurns();
    const gate = new TurnGate(turns, { maxWaitMs: 60 });
    const first = await turns.join('flags', undefined);
    const queued = (await gate
      .run('flags', {}, () => Promise.resolve('never'))
      .catch((error: ApiError) => error)) as ApiError;
    expect(queued).toMatchObject({ status: 409, code: 'write-queued', extra: { fields: { turn: { ahead: 1 } } } });
    const ticket = queued.extra.fields!.turn!.ticket;
    expect(queued.hint).toContain(`Write-Ticket: ${ticket}`);
    expect(await turns.standing('flags', ticket)).toEqual({ ahead: 1, ticket });
    await turns.leave('flags', first.ticket);
    await expect(gate.run('flags', { ticket }, () => Promise.resolve('saved'))).resolves.toBe('saved');
    expect(await turns.standing('flags', undefined)).toEqual({ ahead: 0 });
  });

  it('lets the place of a client that went away go at once', async () => {
    const turns = new MemoryWriteTurns();
    const gate = new TurnGate(turns);
    const first = await turns.join('flags', undefined);
    const gone = new AbortController();
    const waiting = gate
      .run('flags', { signal: gone.signal }, () => Promise.resolve('never'))
      .catch((error: ApiError) => error);
    await tick();
    expect(await turns.standing('flags', undefined)).toEqual({ ahead: 2 });
    gone.abort();
    await turns.leave('flags', 'not-a-ticket'); // any movement of the line wakes the waiting save
    expect(await waiting).toMatchObject({ code: 'write-queued' });
    expect(await turns.standing('flags', first.ticket)).toEqual({ ahead: 0, ticket: first.ticket });
    expect(await turns.standing('flags', undefined)).toEqual({ ahead: 1 });
  });

  it('hands the ticket back when the save fails otherwise (422), so it holds no one up', async () => {
    const turns = new MemoryWriteTurns();
    const gate = new TurnGate(turns);
    const lost = await gate
      .run('flags', { ticket: NEW_TICKET }, () => Promise.reject(stale()))
      .catch((error: ApiError) => error);
    const ticket = lost.extra.fields!.turn!.ticket;
    expect(await turns.standing('flags', undefined)).toEqual({ ahead: 1 });
    const invalid = new ApiError(422, 'invalid-document', 'flags has 1 problem');
    expect(await gate.run('flags', { ticket }, () => Promise.reject(invalid)).catch((error: ApiError) => error)).toBe(
      invalid,
    );
    expect(await turns.standing('flags', undefined)).toEqual({ ahead: 0 });
  });
});
