module.exports = require('@claims/shared-kernel/webpack').federatedApp({
  dir: __dirname,
  name: 'mfe_claims',
  port: 3001,
  exposes: { './Routes': './src/routes/index.tsx' },
  area: './src/area.ts',
  title: 'Claims to Review',
});
