// How a server app is bundled, for the build (build-server.mjs) and for `npm run dev` (dev-servers.mjs).
//
// NestJS needs the decorator metadata that only the TypeScript compiler emits, so tsc compiles first; esbuild then
// bundles that JavaScript into one file per entry. The @shop/* libraries are resolved from tsconfig.base.json's
// `paths` (to their compiled files); packages from node_modules stay outside (`packages: 'external'`), so they load
// exactly as Node resolves them (pdfkit's font files, bullmq's Lua scripts and pino's workers sit beside their code).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const WORKSPACE = resolve(import.meta.dirname, '../..');

/** Each server app's entry points: output name → compiled file under apps/<app>/. */
export const SERVER_ENTRIES = {
  'api-gateway': { main: 'src/main.js', 'cli/admin-user': 'src/cli/admin-user.js' },
  'catalog-service': { main: 'src/main.js' },
  'order-service': { main: 'src/main.js' },
  'payment-service': { main: 'src/main.js' },
  'notification-service': { main: 'src/main.js' },
};

/** The @shop/* aliases, each pointing at its compiled file under `compiledDir`. */
function aliases(compiledDir) {
  const { compilerOptions } = JSON.parse(readFileSync(join(WORKSPACE, 'tsconfig.base.json'), 'utf8'));
  return Object.fromEntries(Object.entries(compilerOptions.paths).map(([alias, [target]]) => [alias, join(compiledDir, target.replace(/\.tsx?$/, '.js'))]));
}

/** esbuild's options for one app, from tsc's output in `compiledDir` (the workspace layout) into `outdir`. */
export function bundleOptions(app, compiledDir, outdir) {
  return {
    entryPoints: Object.entries(SERVER_ENTRIES[app]).map(([name, file]) => ({ in: join(compiledDir, 'apps', app, file), out: name })),
    outdir,
    alias: aliases(compiledDir),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    // Names stay: NestJS and TypeORM use class names (providers in errors, entity and migration names).
    keepNames: true,
    // The compiled files carry maps back to the TypeScript sources; esbuild follows them.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  };
}
