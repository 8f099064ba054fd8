/**
 * Postgres SQLSTATEs of a connection that went away or could not be made: the server shut it
 * (`pg_terminate_backend`, a restart, a failover) or the connection failed. The work did not happen, or
 * (only when the commit itself was cut off) its outcome is unknown.
 */
const LOST_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);
const LOST_ERRNOS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN', 'EHOSTUNREACH']);
const LOST_MESSAGES = [
  'Connection terminated',
  'terminating connection',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Query read timeout',
];

/**
 * TypeORM's refusals to use a query runner whose connection broke under it (it releases the runner on the
 * connection's 'error' event): the statement was never sent.
 */
const RELEASED_RUNNER = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);

/** True when TypeORM refused a statement because the connection under its query runner had already broken (nothing was sent). */
export function isReleasedRunner(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  return RELEASED_RUNNER.has((err as { name?: string }).name ?? '') || RELEASED_RUNNER.has(err.constructor?.name ?? '');
}

/** True when an error (a pg error, TypeORM's QueryFailedError around one, or a socket error) means the database connection was lost. */
export function isConnectionLost(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 3) return false;
  if (isReleasedRunner(err)) return true;
  const { code, message, driverError, cause } = err as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof code === 'string' && (LOST_CODES.has(code) || LOST_ERRNOS.has(code))) return true;
  if (typeof message === 'string' && LOST_MESSAGES.some((m) => message.includes(m))) return true;
  return isConnectionLost(driverError, depth + 1) || isConnectionLost(cause, depth + 1);
}
