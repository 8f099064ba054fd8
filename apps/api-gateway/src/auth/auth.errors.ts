import { AuthMessage, DomainError, ErrorCode } from '@shop/contracts';

/** 401: no credentials, or credentials that do not hold. */
export class UnauthorizedError extends DomainError {
  constructor(message: string = AuthMessage.TokenFailed) {
    super(ErrorCode.Unauthorized, message);
  }
}

/** 403: a known caller without the right to do this. */
export class ForbiddenError extends DomainError {
  constructor(message: string = AuthMessage.NotAdmin) {
    super(ErrorCode.Forbidden, message);
  }
}
