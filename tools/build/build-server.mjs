#!/usr/bin/env node
// Builds one server app into dist/apps/<app>/main.js (and, for the gateway, dist/apps/api-gateway/cli/admin-user.js):
// tsc compiles the app and the libraries it imports into tmp/build/<app>/, then esbuild bundles them
// (tools/build/server-bundle.mjs says how and why).
//
// Usage: node tools/build/build-server.mjs <app>
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { bundleOptions, SERVER_ENTRIES, WORKSPACE } from './server-bundle.mjs';

const app = process.argv[2];
if (!SERVER_ENTRIES[app]) {
  console.error(`usage: build-server.mjs <app>, one of ${Object.keys(SERVER_ENTRIES).join(', ')}`);
  process.exit(2);
}

const compiled = join(WORKSPACE, 'tmp/build', app);
const out = join(WORKSPACE, 'dist/apps', app);
rmSync(compiled, { recursive: true, force: true });
rmSync(out, { recursive: true, force: true });
execFileSync(join(WORKSPACE, 'node_modules/.bin/tsc'), ['-p', join(WORKSPACE, 'apps', app, 'tsconfig.app.json'), '--outDir', compiled], {
  stdio: 'inherit',
  cwd: WORKSPACE,
});
await build(bundleOptions(app, compiled, out));
rmSync(compiled, { recursive: true, force: true });
console.log(`${app}: ${Object.keys(SERVER_ENTRIES[app]).map((name) => `dist/apps/${app}/${name}.js`).join(', ')}`);
