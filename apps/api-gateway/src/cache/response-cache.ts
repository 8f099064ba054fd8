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
 * The products an answer shows (a product, a list, or a page of them): a change to one of them (a review) clears only
 * the answers that show it.
 */
export function productIdsOf(value: unknown): string[] {
  const idOf = (item: unknown) => (typeof item === 'object' && item !== null && typeof (item as { _id?: unknown })._id === 'string' ? [(item as { _id: string })._id] : []);
  if (Array.isArray(value)) return value.flatMap(idOf);
  if (typeof value === 'object' && value !== null && Array.isArray((value as { products?: unknown }).products)) return (value as { products: unknown[] }).products.flatMap(idOf);
  return idOf(value);
}

/**
 * The gateway's small in-process cache of public answers: at most `maxEntries` (least recently used
 * leave first), each for `ttlMs` at most, cleared at once by `invalidate()` (a catalog change), or only the
 * answers that show given products by `invalidateProducts()` (a review).
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
/** The products of an answer that any product change may change (recent reviews from every product). */
const EVERY_PRODUCT = 'every product';

export class ResponseCache {
  private generation = 0;
  private suspended = false;
  private readonly entries = new Map<string, { answer: CachedAnswer; expires: number; products: ReadonlySet<string> | typeof EVERY_PRODUCT }>();
  /** The generation of the last change that cleared everything, and of the last change to each product since. */
  private clearedAll = 0;
  private readonly clearedProducts = new Map<string, number>();
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

  /**
   * The cached answer, or the loader's (shared with loads of the same key in the same generation), stored if no change
   * came in between. With `everyProduct`, a change to any product clears it (not only to the products it shows).
   */
  async load(key: string, loader: () => Promise<unknown>, options: { everyProduct?: boolean } = {}): Promise<{ answer: CachedAnswer; outcome: CacheOutcome }> {
    const cached = this.peek(key);
    if (cached) return { answer: cached, outcome: 'HIT' };
    const pending = this.inflight.get(key);
    if (pending) return { answer: await pending, outcome: 'MISS' };

    const generation = this.generation;
    let products: ReadonlySet<string> | typeof EVERY_PRODUCT = new Set();
    const promise = loader().then((value) => {
      products = options.everyProduct ? EVERY_PRODUCT : new Set(productIdsOf(value));
      return toAnswer(value);
    });
    this.inflight.set(key, promise);
    try {
      const answer = await promise;
      if (!this.suspended && !this.changedSince(generation, products)) this.store(key, answer, products);
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
    this.clearedAll = this.generation;
    this.clearedProducts.clear();
    this.entries.clear();
    this.inflight.clear();
    this.urls.clear();
  }

  /**
   * A change to some products only (a review): forget the answers that show one of them, and keep any load under way
   * from storing an answer that shows one. New requests start their own loads (nothing joins one from before).
   */
  invalidateProducts(productIds: readonly string[]): void {
    // Bounded: past this many remembered products a full clear is as good and forgets them all.
    if (this.clearedProducts.size + productIds.length > this.options.maxEntries * 4) return this.invalidate();
    this.generation += 1;
    for (const id of productIds) this.clearedProducts.set(id, this.generation);
    for (const [key, entry] of this.entries) {
      if (entry.products === EVERY_PRODUCT || productIds.some((id) => (entry.products as ReadonlySet<string>).has(id))) this.entries.delete(key);
    }
    this.inflight.clear();
  }

  /** Whether a change since `generation` touched everything, or one of `products`. */
  private changedSince(generation: number, products: ReadonlySet<string> | typeof EVERY_PRODUCT): boolean {
    if (this.clearedAll > generation) return true;
    if (products === EVERY_PRODUCT) return [...this.clearedProducts.values()].some((cleared) => cleared > generation);
    for (const id of products) if ((this.clearedProducts.get(id) ?? 0) > generation) return true;
    return false;
  }

  /** Stop keeping answers (e.g. the change events cannot arrive), or start again; both clear the cache. */
  suspend(suspended: boolean): void {
    this.suspended = suspended;
    this.invalidate();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, answer: CachedAnswer, products: ReadonlySet<string> | typeof EVERY_PRODUCT): void {
    this.entries.delete(key);
    this.entries.set(key, { answer, expires: this.now() + this.options.ttlMs, products });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
