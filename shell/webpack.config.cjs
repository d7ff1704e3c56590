module.exports = require('@claims/shared-kernel/webpack').federatedApp({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  title: 'Claims Verification',
});
