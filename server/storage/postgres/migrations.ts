/**
 * The Postgres store's schema, as numbered migrations applied in order at open (migrate.ts). A migration is never
 * edited once released: a change is a new entry. docs/operations.md#postgresql says what each table holds.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'documents, versions, publications, published files, manifest, change sets, secrets',
    sql: `
      -- One row per document: the draft pointer and the current publication.
      CREATE TABLE documents (
        id text PRIMARY KEY,
        draft integer NOT NULL CHECK (draft >= 1),
        published bigint
      );
      -- Every version ever saved, never rewritten; its text byte for byte as saved.
      CREATE TABLE versions (
        document_id text NOT NULL REFERENCES documents (id),
        version integer NOT NULL CHECK (version >= 1),
        text text NOT NULL,
        sha256 text NOT NULL,
        author text NOT NULL,
        time timestamptz NOT NULL,
        message text NOT NULL,
        action text NOT NULL,
        restored_from integer,
        PRIMARY KEY (document_id, version)
      );
      -- Immutable files under /configs/ (<id>.<hash>.json and fragments/…), named by their content hash.
      CREATE TABLE published_files (
        file text PRIMARY KEY,
        hash text NOT NULL,
        bytes bytea NOT NULL
      );
      -- Every publication, oldest first by seq.
      CREATE TABLE publications (
        seq bigserial PRIMARY KEY,
        document_id text NOT NULL,
        version integer NOT NULL,
        change_set text,
        approved_by text,
        hash text NOT NULL,
        file text NOT NULL REFERENCES published_files (file),
        author text NOT NULL,
        time timestamptz NOT NULL,
        FOREIGN KEY (document_id, version) REFERENCES versions (document_id, version)
      );
      CREATE INDEX publications_by_document ON publications (document_id, seq);
      ALTER TABLE documents ADD FOREIGN KEY (published) REFERENCES publications (seq);
      -- The manifest as served (rendered by published-config.ts in the transaction that changed it) and the
      -- fragments section it was rendered with. One row; its lock orders every publication.
      CREATE TABLE manifest (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        text text,
        fragments jsonb
      );
      INSERT INTO manifest (singleton) VALUES (true);
      -- Change set records (docs/workflow.md), written under compare-and-set on revision.
      CREATE TABLE change_sets (
        id text PRIMARY KEY,
        revision integer NOT NULL CHECK (revision >= 1),
        created_at text NOT NULL,
        record jsonb NOT NULL
      );
      -- The store's own keys (share links), made once by whichever instance asks first.
      CREATE TABLE secrets (
        name text PRIMARY KEY,
        key bytea NOT NULL CHECK (octet_length(key) = 32)
      );
    `,
  },
  {
    version: 2,
    name: 'sessions',
    sql: `
      -- Signed-in sessions (server/auth/session-postgres.ts): the SHA-256 of the token, never the token.
      CREATE TABLE sessions (
        sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        username text NOT NULL,
        role text NOT NULL,
        expires timestamptz NOT NULL
      );
      CREATE INDEX sessions_by_expiry ON sessions (expires);
    `,
  },
  {
    version: 3,
    name: 'sign-in limits',
    sql: `
      -- Sign-in attempts per client IP ('ip:…') and failed sign-ins per account ('account:…'), counted here so every
      -- instance on the database shares one limit (server/auth/throttle-postgres.ts). A row whose window has ended
      -- counts from 1 again at its next attempt; the sweep deletes rows older than the window.
      CREATE TABLE sign_in_limits (
        key text PRIMARY KEY,
        window_start timestamptz NOT NULL,
        count integer NOT NULL CHECK (count >= 1)
      );
      CREATE INDEX sign_in_limits_by_window ON sign_in_limits (window_start);
    `,
  },
  {
    version: 4,
    name: 'write turns',
    sql: `
      -- Writers waiting for their turn to save a document (server/storage/postgres/write-turns-postgres.ts), oldest
      -- seq first; a row whose holder has not come back for a while is skipped and swept.
      CREATE TABLE write_turns (
        seq bigserial PRIMARY KEY,
        token text NOT NULL UNIQUE,
        document_id text NOT NULL,
        seen_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX write_turns_by_document ON write_turns (document_id, seq);
    `,
  },
  {
    version: 5,
    name: 'presence',
    sql: `
      -- Who each running instance holds in its presence streams (server/presence/presence-postgres.ts), so every
      -- instance shows everyone. A row not refreshed for a while belongs to an instance that is gone, and is skipped.
      CREATE TABLE presence_instances (
        instance text PRIMARY KEY,
        entries jsonb NOT NULL,
        seen_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 6,
    name: 'change set holds',
    sql: `
      -- Which unpublished change set holds each document (server/storage/postgres/change-set-holds.ts): the primary key
      -- is the rule "a document is in at most one unpublished change set", so of two instances putting one document
      -- into two sets at once, the second insert waits for the first to commit and then finds the row taken.
      CREATE TABLE change_set_holds (
        document_id text PRIMARY KEY,
        change_set text NOT NULL REFERENCES change_sets (id) ON DELETE CASCADE
      );
      CREATE INDEX change_set_holds_by_change_set ON change_set_holds (change_set);
      -- The sets written before: each document goes to the oldest unpublished set carrying it. A younger one that
      -- carries it too (two instances could make one before) keeps it, and takes the hold once it is free.
      INSERT INTO change_set_holds (document_id, change_set)
        SELECT DISTINCT ON (m.value->>'id') m.value->>'id', c.id
        FROM change_sets c,
          jsonb_array_elements(CASE WHEN jsonb_typeof(c.record->'members') = 'array' THEN c.record->'members' ELSE '[]'::jsonb END) m
        WHERE c.record->>'state' IS DISTINCT FROM 'published' AND jsonb_typeof(m.value->'id') = 'string'
        ORDER BY m.value->>'id', c.created_at COLLATE "C", c.id COLLATE "C";
    `,
  },
];
