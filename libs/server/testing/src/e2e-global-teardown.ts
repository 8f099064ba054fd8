import type { ChildProcess } from 'node:child_process';
import type { MailDownShop } from './e2e-mail-down-shop';
import type { E2eSmtpServer } from './e2e-smtp';
import { type StagingShop, stopStagingShop } from './e2e-staging-shop';
import type { TestStack } from './test-stack';

/** Stops what the e2e global setup started and drops its database. */
export default async function teardown(): Promise<void> {
  const state = (globalThis as { __E2E__?: { stack: TestStack; previews: ChildProcess[]; smtp: E2eSmtpServer; mailDown: MailDownShop; staging: StagingShop } }).__E2E__;
  if (!state) return;
  for (const child of state.previews) child.kill('SIGTERM');
  state.mailDown.admin.child.kill('SIGTERM');
  await state.stack.close();
  await state.mailDown.stack.close();
  await stopStagingShop(state.staging);
  await state.smtp.stop();
}
