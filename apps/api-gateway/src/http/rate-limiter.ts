import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { DomainError, ErrorCode, OrderLookupMessage, PasswordResetMessage } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import { ServiceUnavailableError } from '@shop/server-messaging';
import { REDIS } from '@shop/server-queue';
import type { Request, Response } from 'express';
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

/** The client's address; `req.ip` trusts X-Forwarded-For from loopback and private proxies only ('trust proxy'). */
export function clientAddress(req: Pick<Request, 'ip' | 'socket'>): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

type LimitSetting = { [K in keyof GatewayConfig]: GatewayConfig[K] extends number ? K : never }[keyof GatewayConfig];

/**
 * The actions that need no login, each limited per client address and per visitor id (the config setting of each
 * limit; 0 turns it off) in the same RATE_LIMIT_WINDOW_SECONDS, with the 429's message. The key names the Redis counts.
 */
const CLIENT_LIMITS = {
  orders: { perIp: 'ORDER_RATE_LIMIT', perVisitor: 'ORDER_VISITOR_RATE_LIMIT', message: 'Too many orders from this connection, please try again later' },
  quotes: { perIp: 'QUOTE_RATE_LIMIT', perVisitor: 'QUOTE_VISITOR_RATE_LIMIT', message: 'Too many price checks from this connection, please try again later' },
  'discount-codes': { perIp: 'DISCOUNT_CODE_RATE_LIMIT', perVisitor: 'DISCOUNT_CODE_VISITOR_RATE_LIMIT', message: 'Too many discount codes tried, please try again later' },
  contact: { perIp: 'CONTACT_RATE_LIMIT', perVisitor: 'CONTACT_VISITOR_RATE_LIMIT', message: 'Too many messages sent, please try again later' },
  reviews: { perIp: 'REVIEW_RATE_LIMIT', perVisitor: 'REVIEW_VISITOR_RATE_LIMIT', message: 'Too many reviews from this connection, please try again later' },
  'stock-waits': { perIp: 'STOCK_WAIT_RATE_LIMIT', perVisitor: 'STOCK_WAIT_VISITOR_RATE_LIMIT', message: 'Too many requests to be told about stock, please try again later' },
  'password-reset': { perIp: 'PASSWORD_RESET_RATE_LIMIT', perVisitor: undefined, message: PasswordResetMessage.TooMany },
  // "Find my orders" (issue 29): the second count is per contact typed (its hash), not per visitor.
  'order-lookup': { perIp: 'ORDER_LOOKUP_RATE_LIMIT', perVisitor: 'ORDER_LOOKUP_CONTACT_RATE_LIMIT', message: OrderLookupMessage.TooMany },
  'order-codes': { perIp: 'ORDER_CODE_RATE_LIMIT', perVisitor: undefined, message: OrderLookupMessage.TooMany },
} as const satisfies Record<string, { perIp: LimitSetting; perVisitor: LimitSetting | undefined; message: string }>;

export type ClientAction = keyof typeof CLIENT_LIMITS;

/**
 * An action that needs no login, limited twice (issue 23): per client address, and per visitor id when the request
 * names one. Visitor ids are made by the client, so the address limit is the one a script cannot step around; the
 * visitor limit keeps one shopper behind a shared address (a mobile network's NAT) from using up everyone's share.
 */
export class ClientLimiter {
  constructor(
    private readonly byAddress: RateLimiter | null,
    private readonly byVisitor: RateLimiter | null,
  ) {}

  /** Counts one attempt against both limits; throws RateLimitedError (429 with Retry-After) once either is over. */
  async consume(req: Pick<Request, 'ip' | 'socket'>, visitorId: string | undefined): Promise<void> {
    await this.byAddress?.consume(clientAddress(req));
    if (visitorId) await this.byVisitor?.consume(visitorId);
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

  /** The per-address and per-visitor pair of one action, as the config sets them (each off when its limit is 0). */
  forClients(action: ClientAction): ClientLimiter {
    const { perIp, perVisitor, message } = CLIENT_LIMITS[action];
    const windowSeconds = this.config.RATE_LIMIT_WINDOW_SECONDS;
    const make = (suffix: string, limit: number) => (limit > 0 ? this.create({ name: `${action}${suffix}`, limit, windowSeconds, message }) : null);
    return new ClientLimiter(make('', this.config[perIp]), make(':visitor', perVisitor ? this.config[perVisitor] : 0));
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
