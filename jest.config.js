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

const moduleNameMapper = {
  '^@shop/contracts$': '<rootDir>/libs/shared/contracts/src/index.ts',
  '^@shop/money$': '<rootDir>/libs/shared/money/src/index.ts',
  '^@shop/rules$': '<rootDir>/libs/shared/rules/src/index.ts',
  '^@shop/server-core$': '<rootDir>/libs/server/core/src/index.ts',
  '^@shop/server-core/lean-start$': '<rootDir>/libs/server/core/src/lean-start.ts',
  '^@shop/server-database$': '<rootDir>/libs/server/database/src/index.ts',
  '^@shop/server-queue$': '<rootDir>/libs/server/queue/src/index.ts',
  '^@shop/server-testing$': '<rootDir>/libs/server/testing/src/index.ts',
  '^@shop/api-client$': '<rootDir>/libs/web/api-client/src/index.ts',
  '^@shop/web-ui$': '<rootDir>/libs/web/ui/src/index.ts',
  '^@shop/browser-testing$': '<rootDir>/libs/testing/browser/src/index.ts',
  '^@shop/pdf-testing$': '<rootDir>/libs/testing/pdf/src/index.ts',
};

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
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
      setupFilesAfterEnv: ['<rootDir>/tools/jest/e2e-timeout.ts'],
      slowTestThreshold: 60,
    },
  ],
};
