import { ShopDb } from './shop-db';
import { adminToken } from './stack-requests';
import { TestStack, type TestStackOptions } from './test-stack';

/** A test file's running shop: the stack, the superuser's database connection and, if asked for, the first admin's token. */
export interface ShopFixture {
  stack: TestStack;
  db: ShopDb;
  /** The first admin's bearer token (empty unless `admin: true`). */
  admin: string;
}

/**
 * Starts a TestStack with `options` in the `describe` it is called in (beforeAll), connects to its database and
 * logs the first admin in if asked; closes all after the tests (afterAll). Read its fields inside tests and hooks only:
 * they are filled by the beforeAll. `options` may be a function, read when the stack starts: after the hooks declared
 * before this call (e.g. one that starts a NATS of the test's own).
 */
export function useShop(options: TestStackOptions | (() => TestStackOptions) = {}, setup: { admin?: boolean; timeoutMs?: number } = {}): ShopFixture {
  const shop = {} as ShopFixture;
  beforeAll(async () => {
    shop.stack = await TestStack.start(typeof options === 'function' ? options() : options);
    shop.db = await ShopDb.connect(shop.stack);
    shop.admin = setup.admin ? await adminToken(shop.stack) : '';
  }, setup.timeoutMs ?? 90_000);
  afterAll(async () => {
    await shop.db?.close();
    await shop.stack?.close();
  });
  return shop;
}

/** The scripts' counterpart of useShop: runs `run` on a started stack and its database, then closes both whatever happens. */
export async function withShop<T>(options: TestStackOptions, run: (stack: TestStack, db: ShopDb) => Promise<T>): Promise<T> {
  const stack = await TestStack.start(options);
  let db: ShopDb | undefined;
  try {
    db = await ShopDb.connect(stack);
    return await run(stack, db);
  } finally {
    await db?.close();
    await stack.close();
  }
}
