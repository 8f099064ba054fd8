import { type ArgumentsHost, Catch, type RpcExceptionFilter } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { DomainError, ErrorCode, INTERNAL_ERROR_MESSAGE, REQUEST_ID_HEADER, type RpcErrorPayload } from '@shop/contracts';
import type { Logger } from 'pino';
import { type Observable, throwError } from 'rxjs';

/** Turns every error of a message handler into a `{ code, message }` payload; unknown ones are logged, never leaked. */
@Catch()
export class RpcDomainExceptionFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<RpcErrorPayload> {
    if (exception instanceof DomainError) {
      return throwError(() => exception.toPayload());
    }
    const ctx = host.switchToRpc().getContext<NatsContext | undefined>();
    const requestId = ctx?.getHeaders?.()?.get(REQUEST_ID_HEADER) || undefined;
    const subject = ctx?.getSubject?.();
    this.logger.error({ err: exception, requestId, subject }, 'unhandled error in message handler');
    return throwError(() => ({ code: ErrorCode.Internal, message: INTERNAL_ERROR_MESSAGE }));
  }
}
