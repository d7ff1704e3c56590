const preset = require('@claims/shared-kernel/jest');

module.exports = {
  ...preset,
  rootDir: __dirname,
  // Every shell test routes with the areas the remotes declare.
  setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/src/testing/suite-areas.ts'],
};
