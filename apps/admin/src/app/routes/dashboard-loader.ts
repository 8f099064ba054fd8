import { adminGetExpiredCardOrders, adminGetLowStock, adminGetMailHealth, adminGetOrderStats, adminGetRestock } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { DEFAULT_RANGE, rangeDays, readRange } from '../../features/dashboard/utils/date-range';

/**
 * Starts the figures and the restock list without waiting for them; each section shows a placeholder
 * meanwhile and fails on its own. The range (7, 30 or 90 days) lives in the URL so it survives a reload.
 */
export function dashboardLoader({ request }: LoaderFunctionArgs) {
  const range = readRange(new URL(request.url).searchParams.get('range')) ?? DEFAULT_RANGE;
  const { from, to } = rangeDays(range);
  const { signal } = request;
  return {
    range,
    stats: adminGetOrderStats({ from, to, signal }),
    restock: adminGetRestock({ signal }),
    lowStock: adminGetLowStock({ signal }),
    // Whether mail is going out (issue 26); a check that fails is shown as such (null), never as "all is well".
    mailHealth: adminGetMailHealth({ signal }).catch(() => null),
    // Card orders that expired lately, to reconcile against WiPay (issue 29); a failed read shows no list.
    expiredCard: adminGetExpiredCardOrders({ signal }).catch(() => []),
  };
}
