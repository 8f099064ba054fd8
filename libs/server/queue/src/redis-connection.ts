import { Redis, type RedisOptions } from 'ioredis';

/** The app's own Redis (ACL) user and password; empty: the default user, without a password (development). */
export type RedisCredentials = Pick<RedisOptions, 'username' | 'password'>;

/** An ioredis connection suited to BullMQ (no per-command retry limit, so workers wait out outages). */
export function createRedisConnection(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false, ...options });
}

/** Answers 'up' when Redis answers PING within the time given. */
export async function pingRedis(redis: Redis, timeoutMs = 1000): Promise<'up' | 'down'> {
  try {
    const pong = await Promise.race([
      redis.ping(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs)),
    ]);
    return pong === 'PONG' ? 'up' : 'down';
  } catch {
    return 'down';
  }
}
