/**
 * The DocumentStore contract (server/test-support/store-contract.ts) on PostgreSQL: one throwaway cluster for the file
 * (test-support/pg-cluster.ts; TEST_DATABASE_URL uses an existing server), one new database per test.
 */
import { afterAll, beforeAll } from 'vitest';
import { startPgCluster, type PgCluster } from '../../test-support/pg-cluster';
import { storeContract } from '../../test-support/store-contract';
import { PostgresStore } from './postgres-store';

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => cluster?.stop());

storeContract('PostgresStore', {
  fresh: () => cluster.createDatabase(),
  open: (connectionString) => PostgresStore.open({ connectionString }),
  close: (store) => (store as PostgresStore).close(),
});
