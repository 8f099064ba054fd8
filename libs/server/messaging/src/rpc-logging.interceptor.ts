import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { DomainError, ErrorCode, REQUEST_ID_HEADER } from '@shop/contracts';
import type { Logger } from 'pino';
import { type Observable, tap } from 'rxjs';
import { isConnectionLost } from '@shop/server-database';
import { HANDLED_AS, type HandledAs } from './handles.decorator';
import { METRICS } from '@shop/server-ops';
import type { Metrics } from '@shop/server-ops';

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
    // What the handler's decorator recorded (Handles, HandlesEvent or HandledAs).
    const handled = Reflect.getMetadata(HANDLED_AS, context.getHandler()) as HandledAs | undefined;
    const pattern = handled?.pattern ?? 'unknown';
    const kind = handled?.kind ?? 'request';
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
