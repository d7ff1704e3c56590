module.exports = require('@claims/shared-kernel/webpack').federatedApp({
  dir: __dirname,
  name: 'mfe_claims',
  port: 3001,
  exposes: { './Routes': './src/routes/index.tsx' },
  title: 'Claims to Review',
});
