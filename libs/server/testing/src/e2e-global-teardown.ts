import type { MailDownShop } from './e2e-mail-down-shop';
import { type MainShop, stopMainShop } from './e2e-main-shop';
import { type StagingShop, stopStagingShop } from './e2e-staging-shop';

/** Stops what the e2e global setup started and drops the databases. */
export default async function teardown(): Promise<void> {
  const state = (globalThis as { __E2E__?: { shops: MainShop[]; mailDown: MailDownShop; staging: StagingShop } }).__E2E__;
  if (!state) return;
  for (const shop of state.shops) await stopMainShop(shop);
  state.mailDown.admin.child.kill('SIGTERM');
  await state.mailDown.stack.close();
  await stopStagingShop(state.staging);
}
