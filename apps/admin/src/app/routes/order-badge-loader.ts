import { adminGetOrderStats } from '@shop/api-client';
import { shopDayOf } from '@shop/contracts';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { readUserInfo } from '../../lib/user-info';

/**
 * The sidebar's count of orders waiting for the owner (paid card orders and in-person orders not yet delivered),
 * loaded by the layout's fetcher. Never throws: a failed count must not take the layout down (null keeps the
 * last count shown), and without a login there is nothing to ask (the guard sends the visitor to login).
 */
export async function orderBadgeLoader({ request }: LoaderFunctionArgs): Promise<{ waiting: number | null }> {
  if (!readUserInfo()) return { waiting: null };
  // One day's figures: the badge does not depend on the range, and a short one is the cheapest to count.
  const today = shopDayOf(new Date().toISOString());
  try {
    const stats = await adminGetOrderStats({ from: today, to: today, signal: request.signal });
    return { waiting: stats.badge };
  } catch {
    return { waiting: null };
  }
}
