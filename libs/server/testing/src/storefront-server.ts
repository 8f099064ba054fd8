import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const WORKSPACE = resolve(__dirname, '../../../..');

export interface StorefrontServerOptions {
  port: number;
  /** The gateway the server renders from and passes /api to. */
  gatewayUrl: string;
  /** Public origin of the shop (canonical and Open Graph URLs); defaults to the server's own address. */
  publicUrl?: string;
  /** Output of the child (default: ignored). */
  stdio?: 'ignore' | 'inherit' | 'pipe';
}

/** Where the storefront's builds are: dist/ of the workspace, or SHOP_DIST_DIR (see test-stack.ts). */
export function storefrontDist(): { server: string; client: string } {
  const dist = process.env.SHOP_DIST_DIR ?? join(WORKSPACE, 'dist');
  return { server: join(dist, 'apps/storefront-server/main.mjs'), client: join(dist, 'apps/storefront') };
}

/**
 * Starts the storefront's SSR server (apps/storefront/server, from its build) as production runs it: the
 * public screens rendered with their data, the built files, /api passed to the gateway. Resolves once it answers.
 */
export async function startStorefrontServer(options: StorefrontServerOptions): Promise<{ url: string; child: ChildProcess }> {
  const url = `http://127.0.0.1:${options.port}`;
  const { server, client } = storefrontDist();
  const child = spawn(process.execPath, [server], {
    cwd: WORKSPACE,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      GATEWAY_URL: options.gatewayUrl,
      STOREFRONT_URL: options.publicUrl ?? url,
      STOREFRONT_CLIENT_DIR: client,
    },
    stdio: options.stdio ?? 'ignore',
  });
  const exited = new Promise<never>((_, fail) => child.once('exit', (code) => fail(new Error(`the storefront server exited (${code}) before answering`))));
  const deadline = Date.now() + 30_000;
  try {
    for (;;) {
      const answered = await Promise.race([
        fetch(`${url}/healthz`).then(
          (response) => response.ok,
          () => false,
        ),
        exited,
      ]);
      if (answered) break;
      if (Date.now() > deadline) throw new Error(`${url} did not come up`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  return { url, child };
}
