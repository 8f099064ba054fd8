import type { SpawnOptions } from 'node:child_process';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd: string, args: readonly string[], options?: SpawnOptions): Promise<number>;

/** Polls a URL until it answers with `status` (default 200) or the time runs out. */
export function waitForHttp(url: string, options?: { timeoutMs?: number; status?: number }): Promise<true>;
