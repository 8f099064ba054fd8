import type * as BullMQ from 'bullmq';

let loaded: typeof BullMQ | undefined;

/**
 * BullMQ, loaded with the app's first queue or worker rather than at start: the apps that run no job (the
 * gateway, the catalog and payment services) use this library only for its Redis connection, and never load
 * BullMQ with its Lua scripts, cron parser, luxon and msgpackr (memory: docs/performance.md, "Memory per server
 * app").
 */
export function bullmq(): typeof BullMQ {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
  return (loaded ??= require('bullmq') as typeof BullMQ);
}
