import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { DomainError, ErrorCode } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig, ServiceUnavailableError } from '@shop/server-core';
import { REDIS } from '@shop/server-queue';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { catchError, type Observable, throwError } from 'rxjs';

/** How a limiter counts: at most `limit` events per client in a fixed window of `windowSeconds`. */
export interface RateLimitOptions {
  /** Part of the Redis key; one name per limited action ('login', 'contact'). */
  name: string;
  limit: number;
  windowSeconds: number;
  /** The 429 answer's message. */
  message: string;
}

/** 429; `retryAfterSeconds` goes into the Retry-After header (see RetryAfterInterceptor). */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(ErrorCode.RateLimited, message);
  }
}

/** Where one client stands in the current window. */
export interface RateLimitState {
  count: number;
  retryAfterSeconds: number;
}

// ioredis queues commands while Redis is away; a login must not hang on that.
const REDIS_TIMEOUT_MS = 1000;

const RELEASE_SCRIPT = `
if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then
  return redis.call('DECR', KEYS[1])
end
return 0`;

/**
 * A fixed-window counter per client in Redis (INCR + EXPIRE NX in one MULTI), so that the limit
 * holds across gateway replicas and restarts. The window starts at the client's first counted
 * attempt; refused attempts do not extend it. Create one per action with RateLimiterFactory.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    readonly options: RateLimitOptions,
  ) {}

  /**
   * Counts one attempt for the client and throws RateLimitedError once it goes over the limit.
   * Counting before the work (rather than checking, working, then counting) keeps a burst of
   * parallel requests from all slipping under the limit.
   */
  async consume(client: string): Promise<RateLimitState> {
    const key = this.key(client);
    const results = await this.withTimeout(
      this.redis.multi().incr(key).expire(key, this.options.windowSeconds, 'NX').pttl(key).exec(),
    );
    const [[incrErr, count], , [, pttl]] = results ?? [];
    if (incrErr) throw incrErr;
    const state = { count: Number(count), retryAfterSeconds: this.seconds(Number(pttl)) };
    if (state.count > this.options.limit) throw new RateLimitedError(this.options.message, state.retryAfterSeconds);
    return state;
  }

  /**
   * Gives back the attempt `consume` counted, for actions where only failures should count (a
   * successful login). Never creates a counter, so a window that has passed stays empty.
   */
  async release(client: string): Promise<void> {
    await this.withTimeout(this.redis.eval(RELEASE_SCRIPT, 1, this.key(client)));
  }

  private key(client: string): string {
    return `${this.keyPrefix}:rate-limit:${this.options.name}:${client}`;
  }

  /** Whole seconds left in the window (a key without expiry counts as a full window). */
  private seconds(pttl: number): number {
    return pttl > 0 ? Math.ceil(pttl / 1000) : this.options.windowSeconds;
  }

  /** A Redis that is away or slow is a 503, never a hang or a 500. */
  private async withTimeout<T>(command: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        command.catch(() => {
          throw new ServiceUnavailableError('redis');
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ServiceUnavailableError('redis')), REDIS_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Makes RateLimiters on the app's Redis connection, keyed under QUEUE_PREFIX so environments and test runs never share counts. */
@Injectable()
export class RateLimiterFactory {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  create(options: RateLimitOptions): RateLimiter {
    return new RateLimiter(this.redis, this.config.QUEUE_PREFIX, options);
  }
}

/** Adds `Retry-After` to the answer when a handler throws RateLimitedError (the error filter only writes the body). */
@Injectable()
export class RetryAfterInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((err: unknown) => {
        if (err instanceof RateLimitedError) {
          context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(err.retryAfterSeconds));
        }
        return throwError(() => err);
      }),
    );
  }
}
