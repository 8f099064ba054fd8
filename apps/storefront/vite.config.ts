import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rollup';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

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

/** The app's code after the small entry (src/main.tsx): React, the router, the shell. */
const START_MODULE = fromRoot('apps/storefront/src/app/start.tsx');

/** The chunk of the app's start module and the shared chunks it imports, not counting the entry's. */
function startChunks(bundle: OutputBundle): OutputChunk[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const start = chunks.find((chunk) => chunk.moduleIds.includes(START_MODULE));
  if (!start) return [];
  const entryFiles = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const shared = start.imports.filter((file) => !entryFiles.has(file)).map((file) => bundle[file]);
  return [start, ...shared.filter((item): item is OutputChunk => item?.type === 'chunk')];
}

/**
 * The entry imports the app's start module dynamically (so it can start the first screen's API requests first);
 * without help the browser would only ask for that code once the entry has run. A modulepreload link per chunk
 * in index.html has it download in parallel with the entry.
 */
function preloadStartChunks(): Plugin {
  return {
    name: 'shop:preload-start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = startChunks(bundle);
        // Their styles (the layout's among them) stay render-blocking, as when everything was one chunk: the
        // header drawn in index.html needs them for the first paint.
        const styles = chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
        return [
          ...styles.map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          ...chunks.map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * Marks the entry and the app's start chunks for eager compilation (V8's explicit compile hint, Chromium 136
 * and later): nearly every function in them runs on the first view, and compiled eagerly they are compiled on a
 * background thread while the file downloads instead of one by one on the main thread when first called. On the
 * home page this halved the main-thread task that runs the app's code (Chromium trace; docs/performance.md).
 */
function compileHintForFirstView(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'shop:compile-hint-for-first-view',
    apply: 'build',
    // After every other plugin has had its say about the code (minifier, Vite's preload helper), on the files.
    writeBundle({ dir }, bundle) {
      if (!dir) return;
      const entries = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk' && item.isEntry);
      for (const chunk of [...entries, ...startChunks(bundle)]) {
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

export default defineConfig(({ command }) => ({
  root: appDir,
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  cacheDir: fromRoot('node_modules/.vite/apps/storefront'),
  plugins: [react(), preloadStartChunks(), compileHintForFirstView()],
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
