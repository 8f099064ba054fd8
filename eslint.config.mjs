import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const WEB_BANNED = ['@nestjs/*', 'typeorm', 'pg', 'bullmq', 'ioredis', 'nats', 'express', 'pino'];

/** The boundary rule's options; `webBanned` is what web code may not import, `allow` the imports let through. */
function moduleBoundaries(webBanned, allow = []) {
  return {
    enforceBuildableLibDependency: false,
    allow,
    depConstraints: [
      { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:util', 'type:data-access', 'type:ui', 'type:feature', 'type:testing'] },
      { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
      { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:util', 'type:data-access'] },
      { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:util', 'type:ui'] },
      { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:util', 'type:data-access'] },
      {
        sourceTag: 'platform:shared',
        onlyDependOnLibsWithTags: ['platform:shared'],
        bannedExternalImports: ['@nestjs/*', 'typeorm', 'pg', 'bullmq', 'ioredis', 'nats', 'react', 'react-dom', 'ky', 'express'],
      },
      {
        sourceTag: 'platform:web',
        onlyDependOnLibsWithTags: ['platform:web', 'platform:shared'],
        bannedExternalImports: webBanned,
      },
      {
        sourceTag: 'platform:server',
        onlyDependOnLibsWithTags: ['platform:server', 'platform:shared'],
        bannedExternalImports: ['react', 'react-dom', 'react-router-dom', 'zustand', 'ky'],
      },
    ],
  };
}

/**
 * Lint for the whole workspace. The module-boundary rule enforces the architecture: apps are leaves,
 * web and shared code never import server frameworks, server code never imports web code.
 */
export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/tmp/**', '**/var/**', '**/.nx/**', 'test-output/**', '**/*.d.ts'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries(WEB_BANNED)],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The storefront's own Node server (SSR, static files, the /api pass-through) runs on Express.
    files: ['apps/storefront/server/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', moduleBoundaries(WEB_BANNED.filter((name) => name !== 'express'))] },
  },
  {
    // The test harness imports the install's plain-JavaScript modules (scripts/lib: the database bootstrap, the port
    // checks, the HTTP wait), so that one implementation serves npm start and the tests.
    files: ['libs/server/testing/src/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', moduleBoundaries(WEB_BANNED, ['^(\\.\\./)+scripts/lib/[a-z-]+\\.mjs$'])] },
  },
  {
    // Issue 28's migration test builds the previous release's schema of two services from their own migration lists.
    files: ['apps/api-gateway/test/variants-migration.int.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries(WEB_BANNED, ['^\\.\\./\\.\\./(catalog|order)-service/src/migrations$'])],
    },
  },
  {
    // The rules of hooks and the React Compiler's checks (the plugin's recommended set) in the web apps and the web libraries.
    files: ['apps/storefront/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}', 'libs/web/*/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
