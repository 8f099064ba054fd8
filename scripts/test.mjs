#!/usr/bin/env node
// The whole test suite: lint (with module boundaries), type checks, unit tests and the build, then jest's
// integration (real Postgres, Redis and NATS) and browser (Chromium) projects. Ends with one
// "N passed, N failed" line.
//
// The checks before the integration tests are single-threaded programs (eslint, tsc, one jest worker, the
// build's tsc and esbuild); they run in two lanes side by side, one per core, each printing a step's output
// when that step ends. The integration and browser tests start whole shops and run after them, alone.
import { spawn } from 'node:child_process';
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
const seconds = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)}s`;

/** Runs a command with its output held back and printed in one piece at the end (so two lanes do not interleave). */
function runHeld(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (err) => resolve({ code: 127, output: String(err) }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }));
  });
}

/** One step of a lane: its output and time are printed when it ends; a failure stops the lane. */
async function step(name, cmd, args) {
  const t0 = Date.now();
  const { code, output } = await runHeld(cmd, args);
  timings.push(`${name} ${seconds(t0)}`);
  console.log(`\n━━ ${name}: ${cmd} ${args.join(' ')} (${seconds(t0)})\n${output.trimEnd()}`);
  if (code !== 0) console.error(`\n✗ ${name} failed (exit ${code}).`);
  return code === 0;
}

/** Reads jest's JSON report into the summary; false when the project failed or ran no test. */
function countJest(project, code) {
  let counted = false;
  try {
    const result = JSON.parse(readFileSync(`test-output/jest-${project}.json`, 'utf8'));
    summary.passed += result.numPassedTests;
    summary.failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
    counted = result.numTotalTests > 0;
  } catch {
    summary.failed++;
  }
  if (!counted) console.error(`\n✗ jest ${project} ran no test.`);
  if (code !== 0 && summary.failed === 0) summary.failed++;
  return code === 0 && counted;
}

const E2E_WORKERS = 2;
const jestArgs = (project, extra) => ['jest', '--selectProjects', project, '--json', `--outputFile=test-output/jest-${project}.json`, ...extra];

/** The unit tests, inside a lane (their output held like the other steps'). */
async function unitStep() {
  const t0 = Date.now();
  const { code, output } = await runHeld('npx', jestArgs('unit', ['--maxWorkers=1']));
  timings.push(`jest unit ${seconds(t0)}`);
  console.log(`\n━━ jest unit (${seconds(t0)})\n${output.trimEnd()}`);
  return countJest('unit', code);
}

/** The integration and browser tests, alone on the machine, with their output as it comes. */
async function jestAlone(project, extra, extraEnv = {}) {
  const t0 = Date.now();
  console.log(`\n━━ jest ${project}`);
  const code = await run('npx', jestArgs(project, extra), { env: { ...env, ...extraEnv } });
  timings.push(`jest ${project} ${seconds(t0)}`);
  return countJest(project, code);
}

function finish() {
  console.log(`\nSteps: ${timings.join(', ')}; total ${seconds(started)}`);
  console.log(`${summary.passed} passed, ${summary.failed} failed`);
  process.exit(summary.failed > 0 ? 1 : 0);
}

/** Runs the steps of one lane in order, stopping at the first failure. */
async function lane(steps) {
  for (const next of steps) {
    if (!(await next())) return false;
  }
  return true;
}

mkdirSync('test-output', { recursive: true });
await preflight(env);
const needsBuild = wants('integration') || wants('e2e');
// The boundary rule skips itself when Nx has no cached project graph (a fresh clone): the graph is built first,
// alone, so that the lint and the build do not both write it.
if ((wants('lint') || needsBuild) && !(await step('project graph', 'npx', ['nx', 'show', 'projects']))) {
  summary.failed++;
  finish();
}
const lanes = await Promise.all([
  lane([
    ...(wants('lint') ? [() => step('lint', 'npx', ['eslint', '.', '--max-warnings=0'])] : []),
    ...(wants('unit') ? [unitStep] : []),
  ]),
  lane([
    ...(wants('typecheck')
      ? [
          () => step('typecheck server', 'npx', ['tsc', '-p', 'tsconfig.json']),
          () => step('typecheck web', 'npx', ['tsc', '-p', 'tsconfig.web.json']),
          () => step('typecheck storefront SSR server', 'npx', ['tsc', '-p', 'apps/storefront/server/tsconfig.json']),
        ]
      : []),
    ...(needsBuild ? [() => step('build', 'npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'])] : []),
  ]),
]);
if (lanes.includes(false)) {
  summary.failed += summary.failed === 0 ? 1 : 0;
  finish();
}
if (wants('integration') && !(await jestAlone('integration', ['--maxWorkers=2']))) finish();
// The browser tests wait on pages, mails and jobs as much as on the CPU: two workers, each with a whole shop of its
// own (E2E_SHOPS, started by the e2e global setup), so that no file sees another's orders or settings.
if (wants('e2e')) await jestAlone('e2e', [`--maxWorkers=${E2E_WORKERS}`], { E2E_SHOPS: String(E2E_WORKERS) });
finish();
