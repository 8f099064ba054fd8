import { NatsUser, passwordEnvOf } from '@shop/contracts';

/** The environment variable holding each app's Redis password (compose, Kubernetes and npm start set them). */
export const REDIS_PASSWORD_ENV: Record<NatsUser, string> = passwordEnvOf('REDIS');

/**
 * What each app's Redis user may do: its keys and channels, every command but the dangerous ones (FLUSHALL, KEYS,
 * CONFIG, DEBUG, SHUTDOWN...), and INFO, which BullMQ reads for the server's version. docker-compose.yml and
 * the Kubernetes Redis give the same rule (a unit test compares them).
 */
export const REDIS_USER_RULE = '~* &* +@all -@dangerous +info';

/**
 * redis-server's command-line directives for the shop's users: the default (anonymous) user off, one user per
 * app with its password and REDIS_USER_RULE.
 */
export function redisUserArgs(passwords: Record<NatsUser, string>): string[] {
  // One argument per word: redis-server quotes each argument, so 'default off' would be a user named so.
  const users = Object.values(NatsUser).map((user) => ['--user', user, 'on', `>${passwords[user]}`, ...REDIS_USER_RULE.split(' ')]);
  return ['--user', 'default', 'off', ...users.flat()];
}
