// `npm run dev`: the server apps compiled and bundled on every change. One `tsc --watch` compiles the five apps
// (with the decorator metadata NestJS needs) into tmp/dev/compiled; an esbuild context per app rebundles
// tmp/dev/<app>/main.js when its compiled files change, as the build does (tools/build/server-bundle.mjs); each
// app runs under `node --watch`, which restarts it when its bundle is rewritten.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { context } from 'esbuild';
import { bundleOptions, SERVER_ENTRIES, WORKSPACE } from '../../tools/build/server-bundle.mjs';

const COMPILED = join(WORKSPACE, 'tmp/dev/compiled');

/** Where `npm run dev` runs a server app from. */
export const devBundle = (app) => join(WORKSPACE, 'tmp/dev', app, 'main.js');

/**
 * Starts the compiler in watch mode (a child of `children`) and resolves once the first compile and the five
 * bundles are written. Type errors are printed and do not stop the watch.
 */
export async function watchServers(children, env) {
  rmSync(join(WORKSPACE, 'tmp/dev'), { recursive: true, force: true });
  const tsc = children.spawn('tsc --watch', join(WORKSPACE, 'node_modules/.bin/tsc'), ['-p', 'tools/build/tsconfig.servers.json', '--outDir', COMPILED, '--watch', '--preserveWatchOutput'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let output = '';
    tsc.stdout.on('data', (chunk) => {
      const text = String(chunk);
      for (const line of text.split('\n')) if (line.trim()) console.log(`[tsc] ${line}`);
      output += text;
      if (/Watching for file changes/.test(output)) resolve();
    });
    tsc.once('exit', (code) => reject(new Error(`tsc --watch exited (${code})`)));
  });
  for (const app of Object.keys(SERVER_ENTRIES)) {
    const ctx = await context(bundleOptions(app, COMPILED, join(WORKSPACE, 'tmp/dev', app)));
    await ctx.rebuild();
    await ctx.watch();
  }
}
