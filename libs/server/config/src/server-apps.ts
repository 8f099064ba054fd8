import table from './server-apps-table.json';
import type { BaseConfigDefaults } from './base-config';

/** The five server apps, by name. */
export type ServerAppName = keyof typeof table.apps;

/** Each server app's ops port, Postgres role and NATS/Redis user, from server-apps-table.json beside this file (the one table). */
export const SERVER_APPS: Readonly<Record<ServerAppName, BaseConfigDefaults>> = table.apps;
