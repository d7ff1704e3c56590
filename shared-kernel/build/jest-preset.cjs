/** Jest settings shared by the kernel, the shell and the remotes: jsdom, swc, the kernel's mocks. */
const path = require('node:path');

module.exports = {
  // jsdom with Node's fetch, streams and Blob, and Node's export conditions: what Mock Service Worker
  // (the kernel's test fake) needs, and closer to the browser than jsdom's own partial versions.
  testEnvironment: 'jest-fixed-jsdom',
  transform: {
    '^.+\\.[cm]?[tj]sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
    ],
  },
  // Packages that ship only ES modules (.mjs files, until-async: MSW's own dependencies, react-hotkeys-hook)
  // are compiled too.
  transformIgnorePatterns: ['/node_modules/(?!(react-pdf|pdfjs-dist|until-async|react-hotkeys-hook)/)(?!.*\\.mjs$)'],
  moduleNameMapper: {
    '\\.(css)$': 'identity-obj-proxy',
    '\\.(png|jpe?g|svg|mp4|webm)$': path.join(__dirname, 'file-stub.cjs'),
    '^react-pdf$': path.join(__dirname, '../src/testing/react-pdf-mock.tsx'),
    // The charts draw on a canvas jsdom lacks: tests read what each chart was given (drawnPlots()).
    '^@ant-design/plots$': path.join(__dirname, '../src/testing/plots-mock.tsx'),
    // @ant-design/icons' CommonJS build requires the ESM file colors/es/generate; use its CommonJS twin.
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
    // The kernel's antd tiers import antd's ESM files; jest runs the CommonJS twins 'antd' itself uses.
    '^antd/es/(.*)$': 'antd/lib/$1',
  },
  globalSetup: path.join(__dirname, 'jest-global-setup.cjs'),
  setupFiles: [path.join(__dirname, 'jest-shims.cjs'), path.join(__dirname, 'jest-clock.cjs')],
  setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.cjs')],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
  // antd screens in jsdom take seconds each on a busy 2-core machine.
  testTimeout: 60000,
};
