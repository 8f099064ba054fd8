import type { DefaultJobOptions } from 'bullmq';

/** Every BullMQ queue of the shop, named in one place. */
export const QueueName = {
  /** Stock commits and releases, run by the catalog service. */
  Stock: 'stock',
  /** Expiry of unpaid card orders, run by the order service. */
  OrderExpiry: 'order-expiry',
  /** Rendering and sending of mails, run by the notification service. */
  Mail: 'mail',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** Retries with backoff; failed jobs are kept for inspection, finished ones trimmed. */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: false,
};
