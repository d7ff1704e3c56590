const preset = require('@claims/shared-kernel/jest');

module.exports = {
  ...preset,
  rootDir: __dirname,
  setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/jest.setup.cjs'],
};
