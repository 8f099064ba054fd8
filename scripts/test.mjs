#!/usr/bin/env node
// The whole test suite: lint (with module boundaries), type checks, build, then jest's unit,
// integration (real Postgres, Redis and NATS) and browser (Chromium) projects. Ends with one
// "N passed, N failed" line.
import { mkdirSync, readFileSync } from 'node:fs';
import { localEnv } from './lib/env.mjs';
import { preflight } from './lib/preflight.mjs';
import { run } from './lib/run.mjs';

const started = Date.now();
const env = { ...process.env, ...localEnv({ NX_DAEMON: 'false' }) };
const only = process.argv.slice(2);
const wants = (step) => only.length === 0 || only.includes(step);
const summary = { passed: 0, failed: 0 };
const timings = [];

async function step(name, cmd, args) {
  const t0 = Date.now();
  console.log(`\n━━ ${name}: ${cmd} ${args.join(' ')}`);
  const code = await run(cmd, args, { env });
  timings.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  if (code !== 0) {
    console.error(`\n✗ ${name} failed (exit ${code}).`);
    summary.failed++;
    finish();
  }
}

async function jest(project, extra = []) {
  mkdirSync('test-output', { recursive: true });
  const out = `test-output/jest-${project}.json`;
  const t0 = Date.now();
  console.log(`\n━━ jest ${project}`);
  const code = await run('npx', ['jest', '--selectProjects', project, '--json', `--outputFile=${out}`, ...extra], { env });
  timings.push(`jest ${project} ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  let counted = false;
  try {
    const result = JSON.parse(readFileSync(out, 'utf8'));
    summary.passed += result.numPassedTests;
    summary.failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
    counted = result.numTotalTests > 0;
  } catch {
    summary.failed++;
  }
  if (code !== 0 || !counted) {
    if (!counted) console.error(`\n✗ jest ${project} ran no test.`);
    summary.failed += code !== 0 && summary.failed === 0 ? 1 : 0;
    finish();
  }
}

function finish() {
  console.log(`\nSteps: ${timings.join(', ')}; total ${((Date.now() - started) / 1000).toFixed(1)}s`);
  console.log(`${summary.passed} passed, ${summary.failed} failed`);
  process.exit(summary.failed > 0 ? 1 : 0);
}

await preflight(env);
if (wants('lint')) {
  // The boundary rule skips itself when Nx has no cached project graph (a fresh clone): build it first.
  await step('project graph', 'npx', ['nx', 'show', 'projects']);
  await step('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
}
if (wants('typecheck')) {
  await step('typecheck server', 'npx', ['tsc', '-p', 'tsconfig.json']);
  await step('typecheck web', 'npx', ['tsc', '-p', 'tsconfig.web.json']);
  await step('typecheck storefront SSR server', 'npx', ['tsc', '-p', 'apps/storefront/server/tsconfig.json']);
}
if (wants('unit')) await jest('unit');
if (wants('integration') || wants('e2e')) await step('build', 'npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static']);
if (wants('integration')) await jest('integration', ['--maxWorkers=2']);
if (wants('e2e')) await jest('e2e', ['--runInBand']);
finish();
