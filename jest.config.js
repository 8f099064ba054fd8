// One jest configuration, three projects: unit (beside the code), integration (real Postgres, Redis
// and NATS, in each app's test/ folder) and e2e (a real Chromium against the running shop).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/* eslint-disable @typescript-eslint/no-require-imports -- jest reads its configuration as CommonJS */
// The @shop/* aliases come from tsconfig.base.json's `paths`, the one list TypeScript, the builds and jest read.
const { compilerOptions } = JSON.parse(require('node:fs').readFileSync(require('node:path').join(__dirname, 'tsconfig.base.json'), 'utf8'));
const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, `<rootDir>/${target}`]),
);

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  // scripts/lib's plain .mjs modules serve npm start and the tests alike (the tests' copy made CommonJS by swc).
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleNameMapper,
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/tmp/'],
  // ky and otplib's parts (@otplib, @scure, @noble) ship as ES modules; let swc turn them into CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!(ky|otplib|@otplib|@scure|@noble)/)'],
};

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts?(x)'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/apps/*/test/**/*.int.ts'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/integration-timeout.ts'],
      slowTestThreshold: 30,
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/apps/*/test/**/*.e2e.ts'],
      globalSetup: '<rootDir>/libs/server/testing/src/e2e-global-setup.ts',
      globalTeardown: '<rootDir>/libs/server/testing/src/e2e-global-teardown.ts',
      setupFiles: ['<rootDir>/tools/jest/e2e-worker-shop.ts'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/e2e-timeout.ts'],
      slowTestThreshold: 60,
    },
  ],
};
