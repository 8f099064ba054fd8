import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { PATTERN_HANDLER_METADATA, PATTERN_METADATA } from '@nestjs/microservices/constants';
import { DomainError, ErrorCode, REQUEST_ID_HEADER } from '@shop/contracts';
import type { Logger } from 'pino';
import { type Observable, tap } from 'rxjs';
import { isConnectionLost } from '@shop/server-database';
import { METRICS } from './ops/metric-catalog';
import type { Metrics } from './ops/metrics';

/** Nest's PatternHandler.EVENT: the handler is an @EventPattern (no reply). */
const EVENT_HANDLER = 2;
const ERROR_CODES = new Set<string>(Object.values(ErrorCode));

/**
 * Logs each handled message at debug level with its subject, request id and duration, and counts it in the
 * metrics (when given) by the handler's pattern, a closed set, never the subject with its prefix.
 */
export class RpcLoggingInterceptor implements NestInterceptor {
  constructor(
    private readonly logger: Logger,
    private readonly metrics?: Metrics,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const started = performance.now();
    const ctx = context.switchToRpc().getContext<NatsContext>();
    const subject = ctx.getSubject?.();
    const requestId = ctx.getHeaders?.()?.get(REQUEST_ID_HEADER) || undefined;
    const done = (error?: unknown) => {
      const seconds = (performance.now() - started) / 1000;
      this.logger.debug({ subject, requestId, outcome: error === undefined ? 'ok' : 'error', ms: Math.round(seconds * 1000) }, 'handled message');
      if (this.metrics) this.count(context, seconds, error);
    };
    let finished = false;
    return next.handle().pipe(
      tap({
        // A request answers once; count the first value (or the completion of an empty answer).
        next: () => {
          if (!finished) done();
          finished = true;
        },
        complete: () => {
          if (!finished) done();
          finished = true;
        },
        error: (err: unknown) => {
          if (!finished) done(err ?? new Error('unknown'));
          finished = true;
        },
      }),
    );
  }

  private count(context: ExecutionContext, seconds: number, error: unknown): void {
    const handler = context.getHandler();
    const patterns = Reflect.getMetadata(PATTERN_METADATA, handler) as unknown[] | unknown;
    const first = Array.isArray(patterns) ? patterns[0] : patterns;
    const pattern = typeof first === 'string' ? first : 'unknown';
    const kind = Reflect.getMetadata(PATTERN_HANDLER_METADATA, handler) === EVENT_HANDLER ? 'event' : 'request';
    const metrics = this.metrics!;
    metrics.counter(METRICS.natsRequests).inc({ pattern, kind, outcome: error === undefined ? 'ok' : 'error' });
    metrics.histogram(METRICS.natsDuration).observe({ pattern, kind }, seconds);
    if (error !== undefined) metrics.counter(METRICS.natsErrors).inc({ pattern, kind, code: errorCodeOf(error) });
  }
}

/** The error code the caller will see (as the exception filter maps it), from a closed set. */
function errorCodeOf(error: unknown): string {
  if (error instanceof DomainError && ERROR_CODES.has(error.code)) return error.code;
  if (isConnectionLost(error)) return ErrorCode.Unavailable;
  return ErrorCode.Internal;
}
