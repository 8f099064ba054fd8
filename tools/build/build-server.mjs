#!/usr/bin/env node
// Builds one server app into dist/apps/<app>/main.js (and, for the gateway, dist/apps/api-gateway/cli/admin-user.js).
//
// Two steps, because NestJS needs the decorator metadata that only the TypeScript compiler emits:
//   1. tsc compiles the app and the libraries it imports into tmp/build/<app>/ (tsc-alias turns the @shop/*
//      paths into relative ones);
//   2. esbuild bundles that JavaScript into one file per entry. The workspace's own code is bundled; packages
//      from node_modules stay outside (`packages: 'external'`), so they load exactly as Node resolves them
//      (pdfkit's font files, bullmq's Lua scripts and pino's workers read files beside their own code).
//
// Usage: node tools/build/build-server.mjs <app>
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const WORKSPACE = resolve(import.meta.dirname, '../..');
const ENTRIES = {
  'api-gateway': { main: 'src/main.js', 'cli/admin-user': 'src/cli/admin-user.js' },
  'catalog-service': { main: 'src/main.js' },
  'order-service': { main: 'src/main.js' },
  'payment-service': { main: 'src/main.js' },
  'notification-service': { main: 'src/main.js' },
};

const app = process.argv[2];
if (!ENTRIES[app]) {
  console.error(`usage: build-server.mjs <app>, one of ${Object.keys(ENTRIES).join(', ')}`);
  process.exit(2);
}

const compiled = join(WORKSPACE, 'tmp/build', app);
const out = join(WORKSPACE, 'dist/apps', app);
const tsconfig = join(WORKSPACE, 'apps', app, 'tsconfig.app.json');
rmSync(compiled, { recursive: true, force: true });
rmSync(out, { recursive: true, force: true });

const bin = (name) => join(WORKSPACE, 'node_modules/.bin', name);
execFileSync(bin('tsc'), ['-p', tsconfig, '--outDir', compiled], { stdio: 'inherit', cwd: WORKSPACE });
execFileSync(bin('tsc-alias'), ['-p', tsconfig, '--outDir', compiled], { stdio: 'inherit', cwd: WORKSPACE });

await build({
  entryPoints: Object.entries(ENTRIES[app]).map(([name, file]) => ({ in: join(compiled, 'apps', app, file), out: name })),
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  // Names stay: NestJS and TypeORM use class names (providers in errors, entity and migration names).
  keepNames: true,
  sourcemap: 'linked',
  // The compiled files point at the TypeScript sources with their own maps; esbuild follows them, so the
  // bundle's map leads to src/*.ts.
  sourcesContent: false,
  logLevel: 'warning',
});
rmSync(compiled, { recursive: true, force: true });
console.log(`${app}: ${Object.keys(ENTRIES[app]).map((name) => `dist/apps/${app}/${name}.js`).join(', ')}`);
