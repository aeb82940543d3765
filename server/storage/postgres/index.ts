/** The DocumentStore on PostgreSQL (docs/operations.md#postgresql). */
export { PostgresStore, type PostgresStoreOptions } from './postgres-store';
export { DatabaseUnavailableError, DATABASE_RETRY_AFTER_SECONDS, isConnectionError } from './database-errors';
export { SchemaTooNewError } from './migrate';
export { PUBLISHED_CHANNEL } from './publish-listener';
