/**
 * Local storage, or an in-memory stand-in where the browser refuses it (the chat widget framed by another
 * site with third-party storage blocked): the widget then keeps its session for the page's lifetime
 * instead of failing to start.
 */
const createMemoryStorage = (): Storage => {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => {
      values.delete(key);
    },
    setItem: (key, value) => {
      values.set(key, String(value));
    },
  };
};

const pickStorage = (): Storage => {
  try {
    const local = window.localStorage;
    local.getItem('probe');
    return local;
  } catch {
    return createMemoryStorage();
  }
};

export const storage: Storage = pickStorage();
