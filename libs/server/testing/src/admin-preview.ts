import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { waitForHttp } from '../../../../scripts/lib/run.mjs';

/** Polls a URL until it answers 200: npm start's own wait, for the tests and benchmarks too. */
export { waitForHttp };

const WORKSPACE = resolve(__dirname, '../../../..');

/**
 * The admin's production build served by `vite preview` on `port`, its /api proxied to `gatewayUrl`: the browser
 * tests' admin, and a second one for a test that needs a shop of its own (other mail settings, say).
 */
export async function startAdminPreview(port: number, gatewayUrl: string, storefrontUrl?: string): Promise<{ url: string; child: ChildProcess }> {
  const vite = join(dirname(require.resolve('vite/package.json', { paths: [WORKSPACE] })), 'bin/vite.js');
  // SHOP_DIST_DIR (see test-stack.ts) also moves the web builds: <dir>/apps/<app>, built there with `vite build --outDir`.
  const outDir = process.env.SHOP_DIST_DIR ? ['--outDir', join(process.env.SHOP_DIST_DIR, 'apps', 'admin')] : [];
  const child = spawn(process.execPath, [vite, 'preview', '--config', join('apps', 'admin', 'vite.config.ts'), '--port', String(port), '--strictPort', ...outDir], {
    cwd: WORKSPACE,
    env: { ...process.env, GATEWAY_URL: gatewayUrl, ...(storefrontUrl ? { STOREFRONT_URL: storefrontUrl } : {}) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/admin/`, { timeoutMs: 30_000 });
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  return { url, child };
}
