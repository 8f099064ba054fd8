import { errorMessage } from '@shop/api-client';
import type { Order } from '@shop/contracts';
import { toast } from '@shop/web-ui';
import { useState } from 'react';

/**
 * One owner move on an order: busy while it runs, the saved order handed back with a toast, and a refusal (the order
 * moved meanwhile, stock still short) kept as the server words it; `onRefused` can then fetch the order afresh.
 */
export function useOrderMove(onUpdated: (order: Order) => void, onRefused?: () => void) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  async function run(call: () => Promise<Order>, done: string): Promise<void> {
    setBusy(true);
    setRefusal(null);
    try {
      onUpdated(await call());
      toast(done);
    } catch (caught) {
      setRefusal(errorMessage(caught));
      onRefused?.();
    } finally {
      setBusy(false);
    }
  }
  return { busy, refusal, run };
}
