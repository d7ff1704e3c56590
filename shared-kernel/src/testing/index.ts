/** Helpers for component tests of the shell and the remotes. */
export * from './console';
export * from './fake-api';
export * from './kinds';
export * from './render';
export { type MockPdfFile, type MockPdfLoad, mockPdfFile, mockPdfLoads } from './react-pdf-mock';
export { type DrawnPlot, drawnPlots } from './plots-mock';
