/** Codes every service may answer with; the gateway maps each to one HTTP status. */
export const ErrorCode = {
  Validation: 'VALIDATION',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  RateLimited: 'RATE_LIMITED',
  Unavailable: 'UNAVAILABLE',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The error shape that crosses NATS from a service to the gateway. */
export interface RpcErrorPayload {
  code: ErrorCode;
  message: string;
}

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/** A rule of the shop was broken; carries a code and a message safe to show a client. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toPayload(): RpcErrorPayload {
    return { code: this.code, message: this.message };
  }
}

export class ValidationError extends DomainError {
  constructor(message: string) {
    super(ErrorCode.Validation, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(ErrorCode.NotFound, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(ErrorCode.Conflict, message);
  }
}

const CODES = new Set<string>(Object.values(ErrorCode));

/** True when a value received over NATS is an error payload of ours. */
export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof code === 'string' && CODES.has(code) && typeof message === 'string';
}
