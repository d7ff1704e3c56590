module.exports = { ...require('./build/jest-preset.cjs'), rootDir: __dirname };
