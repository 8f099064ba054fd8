import { HttpStatus } from '@nestjs/common';
import { ErrorCode } from '@shop/contracts';

/** The one table from domain error code to HTTP status. */
export const ERROR_STATUS: Record<ErrorCode, HttpStatus> = {
  [ErrorCode.Validation]: HttpStatus.BAD_REQUEST,
  [ErrorCode.Unauthorized]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.Forbidden]: HttpStatus.FORBIDDEN,
  [ErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.Conflict]: HttpStatus.CONFLICT,
  [ErrorCode.RateLimited]: HttpStatus.TOO_MANY_REQUESTS,
  [ErrorCode.Unavailable]: HttpStatus.SERVICE_UNAVAILABLE,
  [ErrorCode.Internal]: HttpStatus.INTERNAL_SERVER_ERROR,
};
