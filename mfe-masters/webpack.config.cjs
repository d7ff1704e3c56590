module.exports = require('@claims/shared-kernel/webpack').federatedApp({
  dir: __dirname,
  name: 'mfe_masters',
  port: 3002,
  exposes: { './Routes': './src/routes/index.tsx' },
  area: './src/area.ts',
  title: 'Master Data',
});
