/**
 * Runs tasks one at a time per key, in arrival order. The store uses one key per document, so the
 * If-Match check and the write it guards are a single step, and a second key for the manifest.
 * In-process only: one server process owns a CONFIG_DIR.
 */
export class KeyedMutex {
  readonly #tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => done);
    this.#tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      // Forget the key once nobody queued behind us, so the map does not grow with idle documents.
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }
}
