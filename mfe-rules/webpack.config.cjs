module.exports = require('@claims/shared-kernel/webpack').federatedApp({
  dir: __dirname,
  name: 'mfe_rules',
  port: 3003,
  exposes: { './Routes': './src/routes/index.tsx' },
  area: './src/area.ts',
  title: 'Procedure Protocol',
});
