import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { ADMIN_SECURITY_HEADERS } from './security-headers';

const appDir = fileURLToPath(new URL('.', import.meta.url));
const fromRoot = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

// The admin calls the same gateway as the shop, under /api on its own origin. The storefront's own pictures
// (/images/..., the default banners Site Settings previews) come from the storefront, as the edge proxy does.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: process.env.GATEWAY_URL ?? 'http://localhost:3000', xfwd: true },
  '/images': { target: process.env.STOREFRONT_URL ?? 'http://localhost:4200' },
};

export default defineConfig({
  root: appDir,
  cacheDir: fromRoot('node_modules/.vite/apps/admin'),
  plugins: [react()],
  resolve: {
    // The web-safe @shop/* paths of tsconfig.base.json (server libraries are deliberately absent).
    alias: {
      // The shared base CSS (global.css imports it); before '@shop/web-ui', which would take it for a path under index.ts.
      '@shop/web-ui/base.css': fromRoot('libs/web/ui/src/base.css'),
      '@shop/api-client': fromRoot('libs/web/api-client/src/index.ts'),
      '@shop/contracts': fromRoot('libs/shared/contracts/src/index.ts'),
      '@shop/money': fromRoot('libs/shared/money/src/index.ts'),
      '@shop/rules': fromRoot('libs/shared/rules/src/index.ts'),
      '@shop/web-ui': fromRoot('libs/web/ui/src/index.ts'),
    },
  },
  server: { port: 4300, strictPort: true, proxy },
  // The production build's headers (the dev server's hot reload needs inline code, so it goes without them).
  preview: { port: 4300, strictPort: true, proxy, headers: { ...ADMIN_SECURITY_HEADERS } },
  build: {
    outDir: fromRoot('dist/apps/admin'),
    emptyOutDir: true,
    sourcemap: true,
  },
});
