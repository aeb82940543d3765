/**
 * Every instance on one database hears what the others tell it, on a connection of its own that LISTENs to
 * CHANNELS. Each publishing transaction runs `NOTIFY portal_shell_published` (delivered at its commit), and the
 * store drops what it cached; the write turns and presence have channels of their own. While the connection is down
 * no notification can arrive, so `listening` is false (the store then caches nothing) until it is back; a lost
 * connection and a reconnect are reported as a gap (`onGap`), since notifications may have been missed in between.
 */
import pg from 'pg';

export const PUBLISHED_CHANNEL = 'portal_shell_published';
/** A writer's ticket left a document's line (write-turns-postgres.ts); the payload is the document id. */
export const TURNS_CHANNEL = 'portal_shell_turns';
/** An instance's presence changed (server/presence/presence-postgres.ts); the payload is the instance id. */
export const PRESENCE_CHANNEL = 'portal_shell_presence';
/** A session ended (server/auth/session-postgres.ts); the payload is its id, the SHA-256 of its token. */
export const SESSIONS_CHANNEL = 'portal_shell_sessions';
/** Every channel an instance listens to. */
export const CHANNELS = [PUBLISHED_CHANNEL, TURNS_CHANNEL, PRESENCE_CHANNEL, SESSIONS_CHANNEL] as const;
export type Channel = (typeof CHANNELS)[number];

/** Waits between reconnects: doubling from the first to the last. */
const RECONNECT_DELAYS_MS = { first: 100, last: 5_000 };

export class PublishListener {
  readonly #connectionString: string;
  readonly #onNotify: (channel: Channel, payload: string) => void;
  readonly #onGap: () => void;
  #client: pg.Client | undefined;
  #listening = false;
  #closed = false;
  #delay = RECONNECT_DELAYS_MS.first;
  #timer: NodeJS.Timeout | undefined;

  constructor(connectionString: string, onNotify: (channel: Channel, payload: string) => void, onGap: () => void) {
    this.#connectionString = connectionString;
    this.#onNotify = onNotify;
    this.#onGap = onGap;
  }

  /** True while a notification would reach us. */
  get listening(): boolean {
    return this.#listening;
  }

  /** Connects and listens; rejects when the first connection fails (later losses reconnect by themselves). */
  async start(): Promise<void> {
    await this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#connectionString });
    // Without a handler a dropped connection would be an uncaught 'error' and end the process.
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    client.on('notification', (message) => {
      const channel = CHANNELS.find((c) => c === message.channel);
      if (channel) this.#onNotify(channel, message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(CHANNELS.map((channel) => `LISTEN ${channel};`).join(' '));
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.#listening = true;
    this.#delay = RECONNECT_DELAYS_MS.first;
    // Whatever was published while we were not listening is unknown: treat it as a publication.
    this.#onGap();
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    this.#listening = false;
    this.#onGap();
    client.end().catch(() => undefined);
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#closed) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#connect().catch(() => {
        this.#delay = Math.min(this.#delay * 2, RECONNECT_DELAYS_MS.last);
        this.#scheduleReconnect();
      });
    }, this.#delay);
    // A store waiting for its database never keeps the process alive by itself.
    this.#timer.unref();
  }
}
