import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { ShopFixture } from './shop-fixture';

/** A describe's order-expiry queue. */
export interface ExpiryJobs {
  /** Time passes for one order: its delayed expiry job (`{orderId}.expire`) runs now. */
  endHold(orderId: string): Promise<void>;
  /** Issue 29: a bank-transfer order's delayed reminder (`{orderId}.transfer-reminder`) runs now. */
  remindTransfer(orderId: string): Promise<void>;
  /** The queue itself (open between the describe's beforeAll and afterAll). */
  queue(): Queue;
}

/**
 * The stack's order-expiry queue for a describe (opened after the stack starts, closed at its end): a test ends an
 * order's reservation or hold by promoting its delayed job, instead of waiting for a clock.
 */
export function useExpiryJobs(shop: ShopFixture): ExpiryJobs {
  let redis: Redis | undefined;
  let expiry: Queue | undefined;

  beforeAll(async () => {
    redis = new Redis(shop.stack.env.REDIS_URL, { maxRetriesPerRequest: null });
    expiry = new Queue('order-expiry', { connection: redis, prefix: shop.stack.env.QUEUE_PREFIX });
  }, 120_000);

  afterAll(async () => {
    await expiry?.close();
    redis?.disconnect();
  });

  const queue = (): Queue => {
    if (!expiry) throw new Error('the expiry queue opens in beforeAll');
    return expiry;
  };
  const promote = async (jobId: string): Promise<void> => {
    const job = await queue().getJob(jobId);
    if (!job) throw new Error(`no job ${jobId}`);
    await job.promote();
  };
  return {
    queue,
    endHold: (orderId) => promote(`${orderId}.expire`),
    remindTransfer: (orderId) => promote(`${orderId}.transfer-reminder`),
  };
}
