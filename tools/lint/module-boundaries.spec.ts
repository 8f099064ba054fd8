import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const env = { ...process.env, NX_DAEMON: 'false' };

// The rule reads Nx's cached project graph and skips itself (with a warning) when there is none, as in a
// fresh clone: build the graph first, the way the test command does before it lints.
beforeAll(() => {
  const nx = resolve(dirname(require.resolve('nx/package.json')), 'dist/bin/nx.js');
  const run = spawnSync(process.execPath, [nx, 'show', 'projects'], { cwd: ROOT, encoding: 'utf8', env });
  if (run.status !== 0) throw new Error(`nx show projects failed: ${run.stderr}`);
}, 60_000);

/** Lints a snippet as if it were the given file, and answers the messages of the boundary rule. */
function boundaryErrors(filePath: string, code: string): string[] {
  const eslint = resolve(dirname(require.resolve('eslint/package.json')), 'bin/eslint.js');
  const dir = mkdtempSync(join(tmpdir(), 'boundaries-'));
  const report = join(dir, 'report.json');
  try {
    // The report goes to a file: plugins may print warnings on stdout.
    spawnSync(process.execPath, [eslint, '--stdin', '--stdin-filename', filePath, '--format', 'json', '--output-file', report], {
      cwd: ROOT,
      input: code,
      encoding: 'utf8',
      env,
    });
    const [result] = JSON.parse(readFileSync(report, 'utf8')) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
    return result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('module boundaries (lint)', () => {
  it('refuses NestJS in shared code', () => {
    expect(boundaryErrors('libs/shared/money/src/probe.ts', "import '@nestjs/common';\n")).toEqual([
      expect.stringMatching(/not allowed to import "@nestjs\/common"/),
    ]);
  });

  it('refuses NestJS and server libraries in web code', () => {
    expect(boundaryErrors('libs/web/api-client/src/probe.ts', "import '@nestjs/core';\n")).toHaveLength(1);
    expect(boundaryErrors('libs/web/api-client/src/probe.ts', "import '@shop/server-messaging';\n")).toHaveLength(1);
  });

  it('refuses shared code depending on server code', () => {
    expect(boundaryErrors('libs/shared/contracts/src/probe.ts', "import '@shop/server-database';\n")).toHaveLength(1);
  });

  it('allows the directions the architecture wants', () => {
    expect(boundaryErrors('libs/server/messaging/src/probe.ts', "import '@shop/contracts';\nimport '@nestjs/common';\n")).toEqual([]);
    expect(boundaryErrors('libs/web/api-client/src/probe.ts', "import '@shop/contracts';\n")).toEqual([]);
  });
});
