import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { REQUEST_ID_HEADER } from '@shop/contracts';
import type { Logger } from 'pino';
import { type Observable, tap } from 'rxjs';

/** Logs each handled message at debug level with its subject, request id and duration. */
export class RpcLoggingInterceptor implements NestInterceptor {
  constructor(private readonly logger: Logger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const started = performance.now();
    const ctx = context.switchToRpc().getContext<NatsContext>();
    const subject = ctx.getSubject?.();
    const requestId = ctx.getHeaders?.()?.get(REQUEST_ID_HEADER) || undefined;
    const done = (outcome: 'ok' | 'error') =>
      this.logger.debug({ subject, requestId, outcome, ms: Math.round(performance.now() - started) }, 'handled message');
    return next.handle().pipe(tap({ next: () => done('ok'), error: () => done('error') }));
  }
}
