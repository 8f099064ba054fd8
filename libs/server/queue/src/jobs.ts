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
  /** "Find my orders" (issue 29): finding a contact's mailboxes and mailing their codes, run by the order service. */
  OrderLookup: 'order-lookup',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** Payload of the stock and order-expiry jobs. */
export interface OrderJobData {
  orderId: string;
}

/** Payload of both mail jobs: the logged mail they work on. */
export interface MailJobData {
  mailId: string;
}

/** Payload of the order-lookup job: the contact typed, as `orderContactOf` normalised it (an e-mail or a phone). */
export interface OrderLookupJobData {
  contact: string;
}

/** One job: its name, the queue whose worker runs it, and (as a type only) its payload. */
interface JobSpec<N extends string, Q extends QueueName, P> {
  name: N;
  queue: Q;
  payload?: P;
}

/** Declares the jobs whose payload is P. */
function jobsWith<P>() {
  return <const N extends string, Q extends QueueName>(name: N, queue: Q): JobSpec<N, Q, P> => ({ name, queue });
}
const orderJob = jobsWith<OrderJobData>();
const mailJob = jobsWith<MailJobData>();

/** Every job of the shop, in one place: its name, its queue and its payload. */
const JOBS = {
  /** Commit an order's reserved stock; job id `<orderId>.commit`. */
  StockCommit: orderJob('commit', QueueName.Stock),
  /** Release an order's reserved stock; job id `<orderId>.release`. */
  StockRelease: orderJob('release', QueueName.Stock),
  /** Return a cancelled order's committed sale to the shelf; job id `<orderId>.return`. */
  StockReturn: orderJob('return', QueueName.Stock),
  /** Expire a still-unpaid card order (delayed by RESERVATION_TTL_SECONDS); job id `<orderId>.expire`. */
  OrderExpire: orderJob('expire', QueueName.OrderExpiry),
  /** Remind a bank-transfer order's shopper before its hold ends (issue 29); job id `<orderId>.transfer-reminder`. */
  TransferReminder: orderJob('transfer-reminder', QueueName.OrderExpiry),
  /** Render a logged mail, then queue its sending; job id from the mail's dedupe key. */
  MailRender: mailJob('render-mail', QueueName.Mail),
  /** Send a rendered mail; job id from the mail's dedupe key. */
  MailSend: mailJob('send-mail', QueueName.MailSend),
  /** Find the mailboxes on a contact's orders and mail each a code; job id random (every request is its own). */
  OrderLookupCode: jobsWith<OrderLookupJobData>()('lookup-code', QueueName.OrderLookup),
};
type Jobs = typeof JOBS;
type JobKey = keyof Jobs;

/** The name of each job (`JobName.StockCommit` is `'commit'`). */
export const JobName = Object.fromEntries(Object.entries(JOBS).map(([key, job]) => [key, job.name])) as { readonly [K in JobKey]: Jobs[K]['name'] };
export type JobName = Jobs[JobKey]['name'];

/** The queue each job is put on; a worker of that queue runs it. */
export const JOB_QUEUE = Object.fromEntries(Object.values(JOBS).map((job) => [job.name, job.queue])) as { readonly [K in JobKey as Jobs[K]['name']]: Jobs[K]['queue'] };

/** The payload type of each job. */
export type JobPayloads = { [K in JobKey as Jobs[K]['name']]: NonNullable<Jobs[K]['payload']> };

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
