export { AnnotationActions } from './AnnotationActions';
export { AnnotationReportButton, DOWNLOAD_FAILED } from './AnnotationReportButton';
export { ErrorFlag, type ErrorFlagProps } from './ErrorFlag';
export { useAnnotationMode } from './useAnnotationMode';
export { ConfirmFindingsButton } from '../findings/ConfirmFindingsButton';
