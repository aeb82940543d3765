/**
 * MSW's cookie jar insists on `localStorage` outside Node (msw/lib/core/utils/cookieStore), and a service
 * worker has none. The handlers set no cookies, so an in-memory store is enough. Imported first by the
 * worker's entry, before MSW evaluates.
 */
const values = new Map<string, string>();

const memoryStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'> = {
  getItem: (key) => values.get(key) ?? null,
  setItem: (key, value) => void values.set(key, String(value)),
  removeItem: (key) => void values.delete(key),
  clear: () => values.clear(),
};

if (typeof localStorage === 'undefined')
  Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage, configurable: true });
