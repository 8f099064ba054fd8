import { getVisitorId, peekVisitorId, VISITOR_ID_KEY } from './visitor-id';

/** A Map-backed stand-in for the browser's localStorage. */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('visitor id', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: fakeStorage(), configurable: true });
  });

  it("is created on first need as 'uid-' and 12 random characters, stored as { id } under userId", () => {
    expect(localStorage.getItem(VISITOR_ID_KEY)).toBeNull();
    const id = getVisitorId();
    expect(id).toMatch(/^uid-[A-Za-z0-9]{12}$/);
    expect(JSON.parse(localStorage.getItem(VISITOR_ID_KEY) ?? '')).toEqual({ id });
    expect(getVisitorId()).toBe(id);
    expect(peekVisitorId()).toBe(id);
  });

  it('keeps a stored id and replaces a malformed one', () => {
    localStorage.setItem(VISITOR_ID_KEY, JSON.stringify({ id: 'uid-AbCdEf123456' }));
    expect(getVisitorId()).toBe('uid-AbCdEf123456');

    localStorage.setItem(VISITOR_ID_KEY, JSON.stringify({ id: 'admin' }));
    expect(peekVisitorId()).not.toBe('admin');
    expect(getVisitorId()).toMatch(/^uid-[A-Za-z0-9]{12}$/);
  });
});
