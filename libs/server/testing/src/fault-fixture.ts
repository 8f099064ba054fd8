import { FaultDb } from './fault-drills';
import { TestStack, type TestStackOptions } from './test-stack';

/** A fault drill's running stack and its direct database access. */
export interface FaultFixture {
  stack: TestStack;
  db: FaultDb;
}

/**
 * useShop's counterpart for the fault drills: starts a TestStack with `options` in the `describe` it is called in
 * (beforeAll) with a FaultDb on its database, and closes both after the tests (afterAll). Read its fields inside
 * tests and hooks only: they are filled by the beforeAll.
 */
export function useFaultStack(options: TestStackOptions | (() => TestStackOptions), timeoutMs = 90_000): FaultFixture {
  const fixture = {} as FaultFixture;
  beforeAll(async () => {
    fixture.stack = await TestStack.start(typeof options === 'function' ? options() : options);
    fixture.db = await FaultDb.connect(fixture.stack);
  }, timeoutMs);
  afterAll(async () => {
    await fixture.db?.close();
    await fixture.stack?.close();
  });
  return fixture;
}
