import type { ShopFixture } from '@shop/server-testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

/**
 * One of the stack's BullMQ queues, for a test that moves time along (promotes or removes a delayed job): opened on a
 * Redis connection of its own once the shop has started, closed after the tests. Call the answer for the queue.
 */
export function useQueue(shop: ShopFixture, name: string): () => Queue {
  let redis: Redis | undefined;
  let queue: Queue | undefined;
  beforeAll(() => {
    redis = new Redis(shop.stack.env.REDIS_URL, { maxRetriesPerRequest: null });
    queue = new Queue(name, { connection: redis, prefix: shop.stack.env.QUEUE_PREFIX });
  });
  afterAll(async () => {
    await queue?.close();
    redis?.disconnect();
  });
  return () => {
    if (!queue) throw new Error(`the ${name} queue is opened once the shop has started`);
    return queue;
  };
}
