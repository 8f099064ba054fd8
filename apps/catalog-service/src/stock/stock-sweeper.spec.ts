import { type CatalogConfig } from '@shop/server-config';
import { type ServiceClient } from '@shop/server-messaging';
import { Metrics } from '@shop/server-ops';
import pino from 'pino';
import { StockSweeper } from './stock-sweeper';
import type { StockService } from './stock.service';

/** The sweeper's decisions, with a stock service and an order service that only record what they are asked. */
function sweeperWith(pastHold: string[][], answer: (ids: string[]) => Promise<{ kept: string[]; abandoned: string[] }>) {
  const calls = { asked: [] as string[][], kept: [] as string[][], released: [] as string[] };
  const stock = {
    pastHold: async () => pastHold.shift() ?? [],
    keep: async (ids: string[]) => void calls.kept.push(ids),
    release: async ({ orderId }: { orderId: string }) => {
      calls.released.push(orderId);
      return { orderId, changed: true, status: 'released' as const };
    },
  } as unknown as StockService;
  const services = {
    send: async (_pattern: string, { orderIds }: { orderIds: string[] }) => {
      calls.asked.push(orderIds);
      return answer(orderIds);
    },
  } as unknown as ServiceClient;
  const sweeper = new StockSweeper(stock, services, { STOCK_SWEEP_SECONDS: 1 } as CatalogConfig, pino({ level: 'silent' }), new Metrics());
  return { sweeper, calls };
}

describe('StockSweeper', () => {
  it('keeps the reservations of stored orders and releases only those the order service abandoned', async () => {
    const { sweeper, calls } = sweeperWith([['a', 'b', 'c']], async () => ({ kept: ['b'], abandoned: ['a', 'c'] }));
    await sweeper.runNow();
    expect(calls).toEqual({ asked: [['a', 'b', 'c']], kept: [['b']], released: ['a', 'c'] });
  });

  it('releases nothing while the order service cannot answer', async () => {
    const { sweeper, calls } = sweeperWith([['a']], async () => {
      throw new Error('Service temporarily unavailable');
    });
    await sweeper.runNow();
    expect(calls).toEqual({ asked: [['a']], kept: [], released: [] });
  });

  it('asks nothing when no reservation is past its hold', async () => {
    const { sweeper, calls } = sweeperWith([], async () => ({ kept: [], abandoned: [] }));
    await sweeper.runNow();
    expect(calls.asked).toEqual([]);
  });
});
