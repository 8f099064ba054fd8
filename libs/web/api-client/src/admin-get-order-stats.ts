import type { OrderStats } from '@shop/contracts';
import { getJson } from './api-client';

export interface AdminGetOrderStatsOptions {
  signal?: AbortSignal;
  /** First day, YYYY-MM-DD in the shop's time zone; the server defaults to 29 days before `to`. */
  from?: string;
  /** Last day, YYYY-MM-DD; the server defaults to today. */
  to?: string;
}

/** The dashboard's figures and the sidebar badge (`GET /api/orders/stats?from=&to=`, admin). */
export function adminGetOrderStats(options: AdminGetOrderStatsOptions = {}): Promise<OrderStats> {
  const searchParams: Record<string, string> = {};
  if (options.from) searchParams.from = options.from;
  if (options.to) searchParams.to = options.to;
  return getJson<OrderStats>('orders/stats', { signal: options.signal, searchParams });
}
