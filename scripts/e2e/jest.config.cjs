/** End-to-end tests: the built suite in headless Chromium (playwright-core + Debian's Chromium). */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['**/*.e2e.test.ts'],
  transform: {
    '^.+\\.[cm]?tsx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  testTimeout: 120_000,
};
