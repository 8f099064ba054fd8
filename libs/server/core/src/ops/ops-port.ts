import type { BaseConfig } from '../config';

/**
 * Each server app's default ops port (probes and metrics), so that the five apps of one host never collide.
 * scripts/start.mjs repeats these (it runs before anything is built); the Kubernetes manifests use them too.
 */
export const OPS_PORT_DEFAULTS = {
  'api-gateway': 9400,
  'catalog-service': 9401,
  'order-service': 9402,
  'payment-service': 9403,
  'notification-service': 9404,
} as const;

export type ServerAppName = keyof typeof OPS_PORT_DEFAULTS;

/** The ops port this app listens on: OPS_PORT when set, else the app's default. */
export function opsPortOf(config: Pick<BaseConfig, 'OPS_PORT'>, app: ServerAppName): number {
  return config.OPS_PORT ?? OPS_PORT_DEFAULTS[app];
}
