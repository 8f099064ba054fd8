import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestStack } from '@shop/server-testing';

export const WORKSPACE = resolve(__dirname, '../../../..');
const CLI = join(WORKSPACE, 'dist/apps/api-gateway/cli/admin-user.js');
const run = promisify(execFile);

/** One run of the admin-user command: its exit code and what it wrote. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built admin-user command with `env` (and PATH) as its whole environment; a failing run answers its exit code, it does not throw. */
export async function runAdminUser(args: string[], env: Record<string, string>): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { cwd: WORKSPACE, env: { PATH: process.env.PATH ?? '', ...env } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as CliRun;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The admin-user command against the stack's database: what it printed; throws when it fails. */
export async function adminUser(stack: TestStack, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], { cwd: WORKSPACE, env: { PATH: process.env.PATH ?? '', ...stack.env } });
  return stdout;
}
