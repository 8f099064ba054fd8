import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';

const WORKSPACE = resolve(__dirname, '../../../..');

/** Waits until `url` answers 200. */
export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

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
    await waitForHttp(`${url}/admin/`);
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  return { url, child };
}
