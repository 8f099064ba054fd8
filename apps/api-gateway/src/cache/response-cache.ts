import { createHash } from 'node:crypto';

/** One public answer as it goes on the wire: the JSON text, its bytes (encoded once) and its strong ETag. */
export interface CachedAnswer {
  readonly body: string;
  readonly bytes: Buffer;
  readonly etag: string;
}

/** A request URL answered from an entry before: its key, and whether the route's answer depends on X-Visitor-Id. */
export interface KnownUrl {
  key: string;
  visitorSpecific: boolean;
  /** The route pattern that answered it first, for the request metrics of the answers given before routing. */
  route?: string;
}

export interface ResponseCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** The clock (tests step it by hand). */
  now?: () => number;
}

export type CacheOutcome = 'HIT' | 'MISS';

/** The answer for a value: its JSON and a strong ETag over exactly those bytes. */
export function toAnswer(value: unknown): CachedAnswer {
  const body = JSON.stringify(value) ?? 'null';
  const bytes = Buffer.from(body);
  return { body, bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
}

/**
 * The gateway's small in-process cache of public answers: at most `maxEntries` (least recently used
 * leave first), each for `ttlMs` at most, cleared at once by `invalidate()` (a catalog change).
 *
 * The race: a load that started before a change may answer after the change's `invalidate()` with what
 * it read before; storing it would keep the old answer until the TTL. Every load remembers the generation
 * it started in, `invalidate()` moves the generation on, and an answer is stored only if the generation is
 * still the one its load started in. Loads for the same key share one call (single flight), but only within
 * a generation: a request that arrives after a change never joins a load that started before it.
 * While `suspended` (no subscription to the change events, so a change could go unnoticed) nothing is kept.
 *
 * It also remembers which request URLs (exactly as sent) were answered from which entry, so the gateway's fast
 * path (cached-answer.middleware.ts) can answer them again before routing; that index is cleared with the entries
 * and capped (made-up query parameters cannot grow it without bound).
 */
export class ResponseCache {
  private generation = 0;
  private suspended = false;
  private readonly entries = new Map<string, { answer: CachedAnswer; expires: number }>();
  private readonly inflight = new Map<string, Promise<CachedAnswer>>();
  private readonly urls = new Map<string, KnownUrl>();
  private readonly now: () => number;

  constructor(private readonly options: ResponseCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The cached answer, if there is a live one. */
  peek(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used goes last, so the first key is the one to evict.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  /** The cached answer, or the loader's (shared with loads of the same key in the same generation), stored if no change came in between. */
  async load(key: string, loader: () => Promise<unknown>): Promise<{ answer: CachedAnswer; outcome: CacheOutcome }> {
    const cached = this.peek(key);
    if (cached) return { answer: cached, outcome: 'HIT' };
    const pending = this.inflight.get(key);
    if (pending) return { answer: await pending, outcome: 'MISS' };

    const generation = this.generation;
    const promise = loader().then(toAnswer);
    this.inflight.set(key, promise);
    try {
      const answer = await promise;
      if (this.generation === generation && !this.suspended) this.store(key, answer);
      return { answer, outcome: 'MISS' };
    } finally {
      if (this.inflight.get(key) === promise) this.inflight.delete(key);
    }
  }

  /** Notes that `url` is answered by the entry `key` (only while that entry is live). */
  rememberUrl(url: string, known: KnownUrl): void {
    if (!this.entries.has(known.key)) return;
    if (this.urls.size >= this.options.maxEntries * 4) this.urls.clear();
    this.urls.set(url, known);
  }

  /** The live answer for a request URL answered from the cache before, with what its route said about it. */
  peekUrl(url: string): (KnownUrl & { answer: CachedAnswer }) | undefined {
    const known = this.urls.get(url);
    if (!known) return undefined;
    const answer = this.peek(known.key);
    if (!answer) {
      this.urls.delete(url);
      return undefined;
    }
    return { ...known, answer };
  }

  /** A change: forget every answer, and every answer of a load still under way. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.inflight.clear();
    this.urls.clear();
  }

  /** Stop keeping answers (e.g. the change events cannot arrive), or start again; both clear the cache. */
  suspend(suspended: boolean): void {
    this.suspended = suspended;
    this.invalidate();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, answer: CachedAnswer): void {
    this.entries.delete(key);
    this.entries.set(key, { answer, expires: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
