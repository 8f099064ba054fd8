import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

/**
 * Marks the entry chunk and the app's chunk (src/app/start.tsx, loaded on the first interaction) for eager
 * compilation (V8's explicit compile hint, Chromium 136 and later): nearly every function in them runs as soon as
 * they load (the app's while it hydrates the page), and compiled eagerly they are compiled on a background thread
 * while the file downloads instead of one by one on the main thread when first called. On the home page this
 * halved the main-thread task that ran the app (measured with a Chromium trace; see docs/performance.md).
 */
function compileHintForEntry(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'shop:compile-hint-for-entry',
    apply: 'build',
    // After every other plugin has had its say about the code (minifier, Vite's preload helper), on the files.
    writeBundle({ dir }, bundle) {
      if (!dir) return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk.name === 'start')) continue;
        const file = join(dir, chunk.fileName);
        writeFileSync(file, HINT + readFileSync(file, 'utf8'));
        // One line more at the top: the source map's lines move down by one.
        const mapFile = `${file}.map`;
        if (existsSync(mapFile)) {
          const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string };
          writeFileSync(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
        }
      }
    },
  };
}

/**
 * The web app manifest and the service worker (src/sw.ts, Workbox through vite-plugin-pwa's injectManifest): the
 * built files are precached, so the app opens offline; pages and pictures seen are kept as they are visited.
 */
function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    // main.tsx registers the worker itself after the page has loaded (no extra script on the first view).
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: 'Island Glow: Hair & Beauty',
      short_name: 'Island Glow',
      description: 'Hair and beauty care made for Caribbean sun, salt and humidity. Shop online in Trinidad and Tobago.',
      lang: 'en-TT',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#fff6ec',
      theme_color: '#fff6ec',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The app's code and styles, the shell (index.html, for the screens drawn in the browser) and the offline
      // page; the big pictures are kept when first shown instead.
      globPatterns: ['**/*.{js,css,html,svg}', 'icons/icon-192.png'],
      globIgnores: ['**/*.map', 'sw.js'],
    },
  });
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: appDir,
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  cacheDir: fromRoot('node_modules/.vite/apps/storefront'),
  plugins: isSsrBuild ? [react()] : [react(), compileHintForEntry(), pwa()],
  resolve: {
    // The web-safe @shop/* paths of tsconfig.base.json (server libraries are deliberately absent).
    alias: [
      // The shared base CSS (global.css imports it); before '@shop/web-ui', which would take it for a path under index.ts.
      { find: '@shop/web-ui/base.css', replacement: fromRoot('libs/web/ui/src/base.css') },
      { find: '@shop/api-client', replacement: fromRoot('libs/web/api-client/src/index.ts') },
      { find: '@shop/contracts', replacement: fromRoot('libs/shared/contracts/src/index.ts') },
      { find: '@shop/money', replacement: fromRoot('libs/shared/money/src/index.ts') },
      { find: '@shop/rules', replacement: fromRoot('libs/shared/rules/src/index.ts') },
      { find: '@shop/web-ui', replacement: fromRoot('libs/web/ui/src/index.ts') },
      ...(command === 'build' && !isSsrBuild ? reactRouterProduction : []),
    ],
  },
  server: { port: 4200, strictPort: true, proxy },
  preview: { port: 4200, strictPort: true, proxy },
  build: isSsrBuild
    ? {
        // The SSR server (server/main.ts) and the render module it loads (src/entry-server.tsx), for Node;
        // packages stay in node_modules. `vite build --ssr` after the browser build.
        ssr: true,
        outDir: fromRoot('dist/apps/storefront-server'),
        emptyOutDir: true,
        sourcemap: true,
        target: 'node20',
        rollupOptions: {
          input: { main: join(appDir, 'server/main.ts'), render: join(appDir, 'src/entry-server.tsx') },
          output: { format: 'es' as const, entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
        },
      }
    : {
        outDir: fromRoot('dist/apps/storefront'),
        emptyOutDir: true,
        sourcemap: true,
        // One style sheet for the whole shop, linked from index.html: a server-rendered screen is styled from its
        // first paint, without waiting for its chunk's own CSS file.
        cssCodeSplit: false,
        rollupOptions: {
          // The contracts are pure declarations. Told so, rollup keeps only what the storefront uses (the upload
          // naming rule, the enums) instead of every zod schema that sits beside it behind the index file.
          treeshake: { moduleSideEffects: (id) => !id.includes('/libs/shared/contracts/') },
        },
      },
}));
