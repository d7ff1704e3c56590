module.exports = require('@claims/shared-kernel/webpack').federatedApp({
  dir: __dirname,
  name: 'mfe_operations',
  port: 3004,
  exposes: { './Routes': './src/routes/index.tsx' },
  area: './src/area.ts',
  title: 'Operations',
});
