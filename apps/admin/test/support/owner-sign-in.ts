import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, ADMIN_URL, ADMIN_USERNAME } from './admin-browser';

const WORKSPACE = resolve(__dirname, '../../../..');
const CLI = join(WORKSPACE, 'dist/apps/api-gateway/cli/admin-user.js');
const run = promisify(execFile);

export interface OwnerAccount {
  username: string;
  password: string;
}

/** The run's shared admin account. */
export const SHARED_OWNER: OwnerAccount = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD };

/**
 * An admin account of a test's own (`<prefix>-<6 random characters>`), made with the admin-user command, for the
 * tests that change how an owner signs in: the shared admin keeps its password and signs in without a code.
 */
export async function createOwnerAccount(prefix: string, password: string): Promise<OwnerAccount> {
  const owner = { username: `${prefix}-${randomUUID().slice(0, 6)}`, password };
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error('E2E_DATABASE_URL is not set (see e2e-global-setup.ts)');
  await run(process.execPath, [CLI, '--username', owner.username, '--password', owner.password], {
    cwd: WORKSPACE,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
  });
  return owner;
}

/** Opens the login screen and sends it the account's name and password, as the owner does; what follows is the test's to check. */
export async function submitLogin(page: Page, account: OwnerAccount = SHARED_OWNER, adminUrl = ADMIN_URL): Promise<void> {
  await page.goto(`${adminUrl}/admin/login`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
