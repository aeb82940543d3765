/** A client of server-sent event streams for the tests: what EventSource does, on a socket the test controls. */
import http from 'node:http';

/** One server-sent event as a client reads it. */
export interface ReadEvent {
  event: string;
  data: string;
}

/** A response's status and headers, as the event stream helper reports them. */
export interface StreamResponse {
  status: number;
  headers: { get(name: string): string | null };
}

/**
 * Opens an event stream on its own connection (node:http, no pooling, so closing it closes the socket as a
 * browser tab does) and hands out its events one by one, parsed as EventSource would; comments are counted.
 */
export function openEventStream(
  url: string,
  cookie: string | undefined,
): Promise<{
  response: StreamResponse;
  next: (timeoutMs?: number) => Promise<ReadEvent | null>;
  comments: () => number;
  close: () => void;
}> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent: false, headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } },
      (incoming) => {
        incoming.setEncoding('utf8');
        let buffer = '';
        let commentCount = 0;
        let ended = false;
        const queue: ReadEvent[] = [];
        let wake = () => {};
        incoming.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const lines = block.split('\n').filter((line) => !line.startsWith(':'));
            if (lines.length === 0) commentCount++;
            const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
            if (data.length > 0)
              queue.push({
                event: lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message',
                data: data.join('\n'),
              });
          }
          wake();
        });
        const end = () => {
          ended = true;
          wake();
        };
        incoming.on('end', end);
        incoming.on('close', end);
        incoming.on('error', end);
        const next = async (timeoutMs = 2000): Promise<ReadEvent | null> => {
          const deadline = Date.now() + timeoutMs;
          while (queue.length === 0 && !ended) {
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
            await new Promise<void>((done) => {
              const timer = setTimeout(done, left);
              wake = () => {
                clearTimeout(timer);
                done();
              };
            });
          }
          return queue.shift() ?? null;
        };
        const headers = {
          get: (name: string) => {
            const v = incoming.headers[name.toLowerCase()];
            return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
          },
        };
        resolve({
          response: { status: incoming.statusCode ?? 0, headers },
          next,
          comments: () => commentCount,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}
