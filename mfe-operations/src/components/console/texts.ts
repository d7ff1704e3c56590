/** The console's screen texts of spec 3 §5 and §8, word for word (misspellings corrected as the spec README says). */

export const SELECT_FIRST = 'Please Select at least one claim / batch';
export const REPORT_FAILED = 'Failed to download';
export const NOT_AUTHORIZED = 'You are not authorized to perform this action';
export const OVERRIDE_PROCEDURE_QUESTION = 'The selected claim already has procedure name/code, do you want to override it?';

/** The title of every confirmation (spec 1 §2, shared by the console). */
export const CONFIRM_TITLE = 'Confirm the action';

/** The success alerts of spec 3 §8. */
export const SUCCESS = {
  suspended: 'Batch suspended successfully',
  dropped: 'Batch dropped successfully',
  archived: 'Batch archived successfully',
  done: 'Successfully Done',
  createdSuspended: 'Batch created and suspended successfully',
  createdVerifying: 'Batch created and verification process initiated successfully',
  createdArchived: 'Batch created and archived successfully',
  uploadedVerified: 'Uploaded and verified successfully',
  refreshed: 'Page got refreshed successfully',
} as const;
