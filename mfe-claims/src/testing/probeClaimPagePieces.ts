/**
 * Imported first by a test of the whole claim page: the document viewer and the annotation pieces are other
 * units with their own tests, so here they become probes that show what the page hands them. A jest.mock in an
 * imported module applies to the importing test, as long as it runs before the page's modules are loaded.
 */
jest.mock('../components/viewer/DocumentViewer', () => ({
  __esModule: true,
  default: require('./claimPageProbes').ViewerProbe,
}));
jest.mock('../components/annotation', () => {
  const probes = require('./claimPageProbes');
  return {
    ...jest.requireActual('../components/annotation'),
    AnnotationActions: probes.AnnotationActionsProbe,
    ErrorFlag: probes.ErrorFlagProbe,
    ConfirmFindingsButton: probes.ConfirmFindingsProbe,
  };
});
