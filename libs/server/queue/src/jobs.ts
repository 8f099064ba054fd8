import type { DefaultJobOptions, Job } from 'bullmq';

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

/** Every job of the shop, named in one place; `JOB_QUEUE` says which queue each runs on. */
export const JobName = {
  /** Commit an order's reserved stock; job id `<orderId>.commit`. */
  StockCommit: 'commit',
  /** Release an order's reserved stock; job id `<orderId>.release`. */
  StockRelease: 'release',
  /** Return a cancelled order's committed sale to the shelf; job id `<orderId>.return`. */
  StockReturn: 'return',
  /** Expire a still-unpaid card order (delayed by RESERVATION_TTL_SECONDS); job id `<orderId>.expire`. */
  OrderExpire: 'expire',
  /** Render a logged mail, then queue its sending; job id from the mail's dedupe key. */
  MailRender: 'render-mail',
  /** Send a rendered mail; job id from the mail's dedupe key. */
  MailSend: 'send-mail',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** The queue each job is put on; a worker of that queue runs it. */
export const JOB_QUEUE = {
  [JobName.StockCommit]: QueueName.Stock,
  [JobName.StockRelease]: QueueName.Stock,
  [JobName.StockReturn]: QueueName.Stock,
  [JobName.OrderExpire]: QueueName.OrderExpiry,
  [JobName.MailRender]: QueueName.Mail,
  [JobName.MailSend]: QueueName.MailSend,
} as const satisfies Record<JobName, QueueName>;

/** Payload of the stock and order-expiry jobs. */
export interface OrderJobData {
  orderId: string;
}

/** Payload of both mail jobs: the logged mail they work on. */
export interface MailJobData {
  mailId: string;
}

/** The payload type of each job. */
export interface JobPayloads {
  [JobName.StockCommit]: OrderJobData;
  [JobName.StockRelease]: OrderJobData;
  [JobName.StockReturn]: OrderJobData;
  [JobName.OrderExpire]: OrderJobData;
  [JobName.MailRender]: MailJobData;
  [JobName.MailSend]: MailJobData;
}

/** The jobs that run on queue Q. */
export type JobOf<Q extends QueueName> = { [J in JobName]: (typeof JOB_QUEUE)[J] extends Q ? J : never }[JobName];

/** A BullMQ job of one job name, with its payload type. */
export type TypedJob<J extends JobName> = Job<JobPayloads[J], unknown, J>;

/** The job names that run on the given queues. */
export function jobsOfQueues(queues: readonly QueueName[]): JobName[] {
  return (Object.keys(JOB_QUEUE) as JobName[]).filter((job) => queues.includes(JOB_QUEUE[job]));
}

/** Retries with backoff; failed jobs are kept for inspection, finished ones trimmed. */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: false,
};

/** The job id of an order's job: BullMQ forbids ':' in custom ids, so the order id and the action are joined with a dot. */
export function orderJobId(orderId: string, action: string): string {
  return `${orderId}.${action}`;
}
