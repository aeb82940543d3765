/** Presence shared through the database (docs/operations.md#several-instances), on a throwaway cluster. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PresenceEntry } from '../../schemas/contracts/index';
import { PostgresStore } from '../storage/postgres/index';
import { startPgCluster, type PgCluster } from '../test-support/pg-cluster';
import { PostgresPresenceExchange } from './presence-postgres';

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

const anna: PresenceEntry = { username: 'anna', document: 'de-DE', since: '2026-01-01T00:00:00.000Z' };

it("shows another instance's people, and drops them when that instance stops refreshing its row (it was killed)", async () => {
  const url = await cluster.createDatabase();
  const [a, b] = [
    await PostgresStore.open({ connectionString: url }),
    await PostgresStore.open({ connectionString: url }),
  ];
  const onA = new PostgresPresenceExchange(a, { refreshMs: 60_000 });
  const onB = new PostgresPresenceExchange(b, { refreshMs: 100, staleMs: 400 });
  try {
    let seen: PresenceEntry[] = [];
    onB.subscribe((entries) => (seen = entries));
    onA.subscribe(() => undefined);
    onA.publish([anna]);
    await expect.poll(() => seen, { timeout: 2_000 }).toEqual([anna]);
    // A refreshes its row only every minute: to B it looks gone after 400 ms, as a killed instance would.
    await expect.poll(() => seen, { timeout: 3_000 }).toEqual([]);
  } finally {
    await onA.close();
    await onB.close();
    await a.close();
    await b.close();
  }
});
