/**
 * Saving while automated writers queue on the same document (docs/api.md#write-turns): the service answers
 * 409 `write-queued` with a place in line instead of saving. That is no conflict a person has to resolve, so the
 * editor waits its turn and sends the same save again with its ticket, for at most QUEUE_PATIENCE_MS; a 412 (the
 * draft moved on) still goes to the person, who merges.
 */
import { ApiError } from './api-error';

/** Longer than any line of writers the service has seen in the bench (20 writers), short of a person giving up. */
export const QUEUE_PATIENCE_MS = 15_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function inWriteTurn<T>(
  attempt: (ticket: string | undefined) => Promise<T>,
  patienceMs = QUEUE_PATIENCE_MS,
  sleep = wait,
): Promise<T> {
  const started = Date.now();
  let ticket: string | undefined;
  for (;;) {
    try {
      return await attempt(ticket);
    } catch (error) {
      const queued = error instanceof ApiError && error.code === 'write-queued' ? error.turn : undefined;
      if (!queued || Date.now() - started + queued.retryAfterMs > patienceMs) throw error;
      ticket = queued.ticket;
      await sleep(queued.retryAfterMs);
    }
  }
}
