/**
 * The api is ESM ("type": "module"): jest runs with --experimental-vm-modules (see the test script)
 * and swc emits ES modules. PGlite and OCR tests are heavy: run with --maxWorkers=1.
 */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.[cm]?tsx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts', '<rootDir>/testing/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/.data/', '/.tmp/'],
  globalSetup: '<rootDir>/testing/global-setup.ts',
  testTimeout: 60_000,
};
