import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/** Lints a snippet as if it were the given file, and answers the messages of the boundary rule. */
function boundaryErrors(filePath: string, code: string): string[] {
  const eslint = resolve(dirname(require.resolve('eslint/package.json')), 'bin/eslint.js');
  const run = spawnSync(process.execPath, [eslint, '--stdin', '--stdin-filename', filePath, '--format', 'json'], {
    cwd: ROOT,
    input: code,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  // eslint exits 1 when it finds errors; its JSON report is on stdout either way.
  if (!run.stdout) throw new Error(`eslint gave no report: ${run.error?.message ?? run.stderr}`);
  const output = run.stdout;
  const [result] = JSON.parse(output) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
  return result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message);
}

describe('module boundaries (lint)', () => {
  it('refuses NestJS in shared code', () => {
    expect(boundaryErrors('libs/shared/money/src/probe.ts', "import '@nestjs/common';\n")).toEqual([
      expect.stringMatching(/not allowed to import "@nestjs\/common"/),
    ]);
  });

  it('refuses NestJS and server libraries in web code', () => {
    expect(boundaryErrors('libs/web/api-client/src/probe.ts', "import '@nestjs/core';\n")).toHaveLength(1);
    expect(boundaryErrors('libs/web/api-client/src/probe.ts', "import '@shop/server-core';\n")).toHaveLength(1);
  });

  it('refuses shared code depending on server code', () => {
    expect(boundaryErrors('libs/shared/contracts/src/probe.ts', "import '@shop/server-database';\n")).toHaveLength(1);
  });

  it('allows the directions the architecture wants', () => {
    expect(boundaryErrors('libs/server/core/src/probe.ts', "import '@shop/contracts';\nimport '@nestjs/common';\n")).toEqual([]);
    expect(boundaryErrors('libs/web/api-client/src/probe.ts', "import '@shop/contracts';\n")).toEqual([]);
  });
});
