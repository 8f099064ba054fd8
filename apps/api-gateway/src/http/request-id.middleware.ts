import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '@shop/contracts';
import { runInRequestContext } from '@shop/server-messaging';
import type { NextFunction, Request, Response } from 'express';

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives each request an id (a well-formed incoming one is kept) that goes back in the answer, into the logs
 * (`req.id`) and, through the request context, on to the services with every message sent while handling it.
 */
export function requestIdMiddleware(req: Request & { id?: string }, res: Response, next: NextFunction): void {
  const incoming = req.header(REQUEST_ID_HEADER);
  const requestId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
  req.id = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  runInRequestContext({ requestId }, next);
}
