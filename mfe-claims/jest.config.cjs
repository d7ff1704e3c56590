module.exports = { ...require('@claims/shared-kernel/jest'), rootDir: __dirname };
