import { autosaveKey, clearAutosave, readAutosave, restorableCopy, writeAutosave } from './autosave-store';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

const copy = { baseEtag: '"v3"', text: '{"a":2}', savedAt: '2026-01-05T10:00:00.000Z' };

describe('autosave store', () => {
  it('keeps edits per document and reads them back', () => {
    const storage = memoryStorage();
    writeAutosave(storage, 'de-DE', copy, '{"a":1}');
    expect(readAutosave(storage, 'de-DE')).toEqual(copy);
    expect(readAutosave(storage, 'de-AT')).toBeNull();
  });

  it('clears the entry when the edits equal the server text', () => {
    const storage = memoryStorage();
    writeAutosave(storage, 'de-DE', copy, '{"a":1}');
    writeAutosave(storage, 'de-DE', { ...copy, text: '{"a":1}' }, '{"a":1}');
    expect(storage.getItem(autosaveKey('de-DE'))).toBeNull();
  });

  it('offers a copy on reopen only when it differs from the server text', () => {
    const storage = memoryStorage();
    writeAutosave(storage, 'de-DE', copy, '{"a":1}');
    expect(restorableCopy(storage, 'de-DE', '{"a":1}')).toEqual(copy);
    // The same text was saved meanwhile (e.g. from another tab): nothing to offer, and the entry goes.
    expect(restorableCopy(storage, 'de-DE', '{"a":2}')).toBeNull();
    expect(readAutosave(storage, 'de-DE')).toBeNull();
  });

  it('drops a corrupt entry instead of offering it', () => {
    const storage = memoryStorage();
    storage.setItem(autosaveKey('de-DE'), '{not json');
    expect(readAutosave(storage, 'de-DE')).toBeNull();
    expect(storage.getItem(autosaveKey('de-DE'))).toBeNull();
  });

  it('survives a storage that throws (quota, disabled)', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      getItem: () => {
        throw new Error('disabled');
      },
    } as Storage;
    expect(() => writeAutosave(storage, 'de-DE', copy, 'x')).not.toThrow();
    expect(readAutosave(storage, 'de-DE')).toBeNull();
    expect(() => clearAutosave(storage, 'de-DE')).not.toThrow();
  });
});
