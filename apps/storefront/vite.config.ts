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

// react-router's package exports point at its development build only (extra checks and warnings, more code);
// a production build of the storefront takes the production one it ships beside it.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fromRoot('node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: fromRoot('node_modules/react-router/dist/production/dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  root: appDir,
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  cacheDir: fromRoot('node_modules/.vite/apps/storefront'),
  plugins: [react()],
  resolve: {
    // The web-safe @shop/* paths of tsconfig.base.json (server libraries are deliberately absent).
    alias: [
      { find: '@shop/api-client', replacement: fromRoot('libs/web/api-client/src/index.ts') },
      { find: '@shop/contracts', replacement: fromRoot('libs/shared/contracts/src/index.ts') },
      { find: '@shop/money', replacement: fromRoot('libs/shared/money/src/index.ts') },
      { find: '@shop/rules', replacement: fromRoot('libs/shared/rules/src/index.ts') },
      { find: '@shop/web-ui', replacement: fromRoot('libs/web/ui/src/index.ts') },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  server: { port: 4200, strictPort: true, proxy },
  preview: { port: 4200, strictPort: true, proxy },
  build: {
    outDir: fromRoot('dist/apps/storefront'),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // The contracts are pure declarations. Told so, rollup keeps only what the storefront uses (the upload
      // naming rule, the enums) instead of every zod schema that sits beside it behind the index file.
      treeshake: { moduleSideEffects: (id) => !id.includes('/libs/shared/contracts/') },
    },
  },
}));
