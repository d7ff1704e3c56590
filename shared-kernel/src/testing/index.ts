/** Helpers for component tests of the shell and the remotes. */
export * from './console';
export * from './fake-api';
export * from './render';
export { type MockPdfFile, mockPdfFile } from './react-pdf-mock';
