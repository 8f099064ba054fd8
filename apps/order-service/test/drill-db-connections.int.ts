import { ALL_SERVICES, allRunning, type Answer, OrderLoop, placeInPerson, type StackApp, until, useFaultStack } from '@shop/server-testing';

const APPS: StackApp[] = ['api-gateway', ...ALL_SERVICES];
const START = 5000;

/**
 * Fault drill 5: the Postgres connections of every service are killed (`pg_terminate_backend` on this stack's own
 * database) while in-person orders are placed in a steady loop. No process exits, no answer is a 500, the next
 * requests succeed, and no stock leaks.
 */
describe('drill: database connections dropped while orders are placed', () => {
  const drill = useFaultStack({ env: { LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', ORDER_RATE_LIMIT: '0', STOCK_HOLD_SECONDS: '8', STOCK_SWEEP_SECONDS: '1' } }, 120_000);

  it('keeps every service running, answers 503 (never 500) in the gap, serves the next requests and leaks no stock', async () => {
    const { stack, db } = drill;
    const product = await db.product(START);
    const loop = new OrderLoop(stack, product);
    let answers: Answer[] = [];
    let terminated = 0;
    try {
      await loop.placeMore(10);
      // Three rounds: the pools refill between them, and each round also cuts connections in the middle of work.
      for (let round = 0; round < 3; round++) {
        terminated += await db.terminateServiceConnections();
        await loop.placeMore(5);
      }
    } finally {
      answers = await loop.stop();
    }
    expect(terminated).toBeGreaterThan(0);

    // No process exited.
    expect(stack.processes.filter((p) => p.child.exitCode !== null || p.child.signalCode !== null).map((p) => `${p.app}: ${p.text().slice(-4000)}`)).toEqual([]);
    expect(allRunning(stack, APPS)).toBe(true);
    // Every answer is an order or a 503 `{ message }`: never a 500, never a dropped connection.
    const unexpected = answers.filter((a) => a.status !== 201 && a.status !== 503);
    // On a failure, the warnings and errors the services logged come with the answers.
    const warnings = () => stack.processes.flatMap((p) => p.lines.filter((l) => Number(l.level) >= 40).map((l) => `${p.app}: ${JSON.stringify(l).slice(0, 1500)}`));
    expect(unexpected.length === 0 ? [] : { unexpected, warnings: warnings() }).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503)) expect(typeof a.body?.message).toBe('string');
    // The services logged no unhandled error.
    const unhandled = stack.processes.flatMap((p) => p.lines.filter((l) => /unhandled|uncaught/i.test(String(l.msg))).map((l) => `${p.app}: ${JSON.stringify(l)}`));
    expect(unhandled).toEqual([]);

    // The next requests succeed.
    const next: number[] = [];
    for (let i = 0; i < 5; i++) next.push((await placeInPerson(stack, product, 1)).status);
    expect(next).toEqual([201, 201, 201, 201, 201]);
    expect((await stack.request('/api/products?pageNumber=1')).status).toBe(200);

    // Every stored order holds its stock; reservations whose order was never written are released by the end of their hold.
    const balance = await until(() => db.balance(product, START), (b) => b.reservedWithoutOrder === 0 && b.leaked === 0, 60_000);
    expect(balance).toMatchObject({ leaked: 0, reservedWithoutOrder: 0, sold: 0 });
    expect(balance.reservedByOrders).toBe(balance.inOrders);
    expect(balance.inStock + balance.inOrders).toBe(START);
  }, 240_000);
});
