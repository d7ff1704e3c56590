/** Choosing documents to upload, with previews and the upload limits: the create screen and the claim page's Add documents. */
export { DocumentPicker, type DocumentPickerProps } from './DocumentPicker';
export { documentProblems, limitsText, type PickedDocument } from './documents';
