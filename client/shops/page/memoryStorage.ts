/** An in-memory Storage for unit tests (vitest runs in node, without a DOM). */
export function memoryStorage(quotaChars = Infinity): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => {
      if (value.length > quotaChars) throw new Error('QuotaExceededError');
      data.set(key, String(value));
    },
  };
}
