import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * BullMQ is loaded with an app's first queue, not with the queue library (libs/server/queue/src/bullmq.ts): the
 * gateway, the catalog and the payment service use the library only for its Redis connection and never load
 * BullMQ (memory per process). Run in a fresh Node process from the library's source, because what it checks is
 * what a process has loaded.
 */
const WORKSPACE = resolve(__dirname, '../../..');
const run = promisify(execFile);

it('loads BullMQ with the first queue, not with the queue library, and the queue then works', async () => {
  const script = `
    const { JobQueues, pingRedis, createRedisConnection } = require('./libs/server/queue/src/index.ts');
    const bullmqLoaded = () => Object.keys(require.cache).some((f) => f.includes('/node_modules/bullmq/'));
    const atLoad = bullmqLoaded();
    const redis = createRedisConnection(process.env.REDIS_URL);
    const logger = { warn() {}, info() {}, error() {}, debug() {} };
    const queues = new JobQueues({ redisUrl: process.env.REDIS_URL, prefix: 'lazy-' + process.pid, logger });
    (async () => {
      const pong = await pingRedis(redis);
      const beforeQueue = bullmqLoaded();
      queues.queue('mail');
      const counts = await queues.counts();
      await queues.onApplicationShutdown();
      await redis.quit();
      console.log(JSON.stringify({ atLoad, pong, beforeQueue, afterQueue: bullmqLoaded(), counts }));
    })();
  `;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: WORKSPACE,
    env: { PATH: process.env.PATH ?? '', REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  });
  expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '')).toEqual({
    atLoad: false,
    pong: 'up',
    beforeQueue: false,
    afterQueue: true,
    counts: [{ queue: 'mail', waiting: 0, active: 0, delayed: 0, failed: 0 }],
  });
});
