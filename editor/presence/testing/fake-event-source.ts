/**
 * A stand-in for the browser's EventSource (jsdom has none), driven by the test: it records every stream
 * opened and lets the test send events, fail the connection or have the server refuse it.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  readyState = FakeEventSource.CONNECTING;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string, init?: EventSourceInit) {
    super();
    this.url = url;
    this.withCredentials = !!init?.withCredentials;
    FakeEventSource.opened.push(this);
  }

  /** The server sends `event: <type>` with `data`. */
  emit(type: string, data: string): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new MessageEvent(type, { data }));
  }

  /** The connection dropped: EventSource will try again by itself (CONNECTING), or gave up (CLOSED, after a refusal). */
  fail(gaveUp: boolean): void {
    this.readyState = gaveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  static install(): void {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }

  static get last(): FakeEventSource {
    const last = FakeEventSource.opened.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }
}

export const snapshotData = (entries: { username: string; document: string | null }[]) =>
  JSON.stringify({ entries: entries.map((e) => ({ ...e, since: '2026-01-05T10:00:00.000Z' })) });
