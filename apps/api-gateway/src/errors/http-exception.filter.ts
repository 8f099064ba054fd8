import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import { DomainError, ErrorCode, INTERNAL_ERROR_MESSAGE } from '@shop/contracts';
import { ServiceUnavailableError } from '@shop/server-messaging';
import type { Request, Response } from 'express';
import { isConnectionLost } from '@shop/server-database';
import type { Logger } from 'pino';
import { describeBodyError } from './body-errors';
import { ERROR_STATUS } from './error-status';

/** Every error answer is `{ message }` with the status of its code; unknown errors are logged with the request id. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request & { id?: string }>();
    const res = http.getResponse<Response>();
    const { status, message } = this.describe(exception, req);
    if (!res.headersSent) res.status(status).json({ message });
  }

  private describe(exception: unknown, req: Request & { id?: string }): { status: number; message: string } {
    if (exception instanceof DomainError) {
      const status = ERROR_STATUS[exception.code] ?? HttpStatus.INTERNAL_SERVER_ERROR;
      if (exception.code === ErrorCode.Internal) this.logUnknown(exception, req);
      if (exception.code === ErrorCode.Unavailable) {
        const { target, reason } = exception instanceof ServiceUnavailableError ? exception : { target: undefined, reason: 'upstream' };
        this.logger.warn({ requestId: req.id, path: req.url, target, reason }, exception.message);
      }
      return { status, message: exception.message };
    }
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      const message = typeof body === 'string' ? body : String((body as { message?: unknown }).message ?? exception.message);
      return { status: exception.getStatus(), message };
    }
    // The gateway's own database (admin accounts, sessions) lost its connection: a passing fault, 503.
    if (isConnectionLost(exception)) {
      this.logger.warn({ err: exception, requestId: req.id, path: req.url }, 'database connection lost');
      return { status: HttpStatus.SERVICE_UNAVAILABLE, message: 'Service temporarily unavailable, please try again shortly' };
    }
    // Errors of the body parsers (too large, bad JSON) are the client's: 4xx with a message that says so.
    const bodyError = describeBodyError(exception);
    if (bodyError) return bodyError;
    this.logUnknown(exception, req);
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: INTERNAL_ERROR_MESSAGE };
  }

  private logUnknown(exception: unknown, req: Request & { id?: string }): void {
    const cause = (exception as { cause?: unknown }).cause ?? exception;
    this.logger.error({ err: cause, requestId: req.id, method: req.method, path: req.url }, 'unhandled error');
  }
}
