import type { DefaultJobOptions } from 'bullmq';

/** Every BullMQ queue of the shop, named in one place. */
export const QueueName = {
  /** Stock commits and releases, run by the order service's worker, which asks the catalog over NATS. */
  Stock: 'stock',
  /** Expiry of unpaid card orders, run by the order service. */
  OrderExpiry: 'order-expiry',
  /** Rendering of mails (first step), run by the notification service. */
  Mail: 'mail',
  /** Sending of rendered mails over SMTP or to the outbox (second step), run by the notification service. */
  MailSend: 'mail-send',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** Retries with backoff; failed jobs are kept for inspection, finished ones trimmed. */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: false,
};

/** Jobs of the stock queue; the job id is `${orderId}.${name}` so that a repeat is dropped. */
export const StockJobName = { Commit: 'commit', Release: 'release' } as const;
export type StockJobName = (typeof StockJobName)[keyof typeof StockJobName];

/** Payload of a stock job and of an order-expiry job. */
export interface OrderJobData {
  orderId: string;
}

/** BullMQ forbids ':' in custom ids, so the order id and the action are joined with a dot. */
export function orderJobId(orderId: string, action: string): string {
  return `${orderId}.${action}`;
}
