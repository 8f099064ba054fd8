import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const appDir = fileURLToPath(new URL('.', import.meta.url));
const fromRoot = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

// The gateway serves the API and the product images under /api; the browser always calls its own origin.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: process.env.GATEWAY_URL ?? 'http://localhost:3000', xfwd: true },
};

const { version } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string };
// A new build is a new version: the storefront drops stale browser data once after each release.
const appVersion = process.env.APP_VERSION ?? `${version}+${new Date().toISOString()}`;

export default defineConfig({
  root: appDir,
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  cacheDir: fromRoot('node_modules/.vite/apps/storefront'),
  plugins: [react()],
  resolve: {
    // The web-safe @shop/* paths of tsconfig.base.json (server libraries are deliberately absent).
    alias: {
      '@shop/api-client': fromRoot('libs/web/api-client/src/index.ts'),
      '@shop/contracts': fromRoot('libs/shared/contracts/src/index.ts'),
      '@shop/money': fromRoot('libs/shared/money/src/index.ts'),
      '@shop/rules': fromRoot('libs/shared/rules/src/index.ts'),
      '@shop/web-ui': fromRoot('libs/web/ui/src/index.ts'),
    },
  },
  server: { port: 4200, strictPort: true, proxy },
  preview: { port: 4200, strictPort: true, proxy },
  build: {
    outDir: fromRoot('dist/apps/storefront'),
    emptyOutDir: true,
    sourcemap: true,
  },
});
