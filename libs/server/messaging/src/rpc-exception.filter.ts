import { type ArgumentsHost, Catch, type RpcExceptionFilter } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { DomainError, ErrorCode, INTERNAL_ERROR_MESSAGE, REQUEST_ID_HEADER, type RpcErrorPayload } from '@shop/contracts';
import type { Logger } from 'pino';
import { type Observable, throwError } from 'rxjs';
import { isConnectionLost } from '@shop/server-database';
import { JetStreamEventContext } from './graceful-nats.server';
import { InvalidEventError } from './handles.decorator';
import { ServiceUnavailableError } from './service-client';

/** Turns every error of a message handler into a `{ code, message }` payload; unknown ones are logged, never leaked. */
@Catch()
export class RpcDomainExceptionFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<RpcErrorPayload> {
    const ctx = host.switchToRpc().getContext<NatsContext | undefined>();
    const requestId = ctx?.getHeaders?.()?.get(REQUEST_ID_HEADER) || undefined;
    const subject = ctx?.getSubject?.();
    // An event has nobody to answer: one that breaks its contract is dropped, so it must at least be seen.
    if (exception instanceof InvalidEventError) {
      this.logger.warn({ event: exception.event, problem: exception.message, subject }, 'event does not match its contract; ignored');
    }
    // A JetStream event has no caller either; its consumer decides (retry, or dead letter) from the real error.
    if (ctx instanceof JetStreamEventContext) {
      if (!(exception instanceof InvalidEventError)) this.logger.warn({ err: exception, subject }, 'event handler failed');
      return throwError(() => exception);
    }
    // A service this handler called could not answer: the caller gets the 503, the log says why.
    if (exception instanceof ServiceUnavailableError) {
      this.logger.warn({ requestId, subject, target: exception.target, reason: exception.reason }, 'service unavailable');
    }
    if (exception instanceof DomainError) {
      return throwError(() => exception.toPayload());
    }
    // A lost database connection is a passing fault of a backing service, not a bug: 503, and the next call gets a new connection.
    if (isConnectionLost(exception)) {
      this.logger.warn({ err: exception, requestId, subject }, 'database connection lost while handling a message');
      return throwError(() => new ServiceUnavailableError('database').toPayload());
    }
    this.logger.error({ err: exception, requestId, subject }, 'unhandled error in message handler');
    return throwError(() => ({ code: ErrorCode.Internal, message: INTERNAL_ERROR_MESSAGE }));
  }
}
