/** Browser storage key of the anonymous visitor id (product-rules section 7: kept across app versions). */
export const VISITOR_ID_KEY = 'userId';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const VISITOR_ID = /^uid-[A-Za-z0-9_-]{12}$/;

function newVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  // 256 is not a multiple of 62; the slight bias is harmless for an id that only needs to be hard to guess.
  return `uid-${Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

function readStored(): string | undefined {
  try {
    const raw = localStorage.getItem(VISITOR_ID_KEY);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    const id = parsed && typeof parsed === 'object' && 'id' in parsed ? parsed.id : undefined;
    return typeof id === 'string' && VISITOR_ID.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

let memoryId: string | undefined;

/** The visitor's id ('uid-' + 12 random characters), created and stored as `{ id }` on first need. */
export function getVisitorId(): string {
  const stored = readStored();
  if (stored) return stored;
  memoryId ??= newVisitorId();
  try {
    localStorage.setItem(VISITOR_ID_KEY, JSON.stringify({ id: memoryId }));
  } catch {
    // Private mode or full storage: the id lives for this page only.
  }
  return memoryId;
}

/** The stored id without creating one (reads that need no id should not leave one behind). */
export function peekVisitorId(): string | undefined {
  return readStored() ?? memoryId;
}
