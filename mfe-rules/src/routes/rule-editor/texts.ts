/**
 * The rule editor's alerts and dialog texts (spec 2 §2.8, §4, §8), word for word with the spec README's corrected
 * spellings ('Succesfully' → 'Successfully'); the case types as the spec writes them (PRE_AUTH, SETTLEMENT).
 */
import type { CaseType } from '@claims/shared-kernel';

/** How the existence check and its alerts name a case type. */
export const SHORT_CASE_TYPE: Record<CaseType, 'PREAUTH' | 'SETTLEMENT'> = { PRE_AUTH: 'PREAUTH', SETTLEMENT: 'SETTLEMENT' };

export const RULE_TEXTS = {
  createTitle: 'Create Rule',
  editTitle: (org: string) => `Edit Rule for ${org}`,
  bothExist: (name: string) => `For ${name} both the caseTypes are exists`,
  present: (name: string, caseType: CaseType) => `For ${name} ${SHORT_CASE_TYPE[caseType]} caseType is present already`,
  configureOther: 'Wanna configure other case type too ?',
  configurePreauth: 'Wanna configure preauth case type too ?',
  savedIn: (name: string, caseType: CaseType) => `Rule for ${name} in ${caseType} is saved`,
  configureOtherQuestion: 'Are you sure you want to configure other case type too?',
  moveNext: 'Move Next',
  bothSaved: (name: string) => `Successfully saved Settlement and Preauth for ${name}`,
  changeCounterpart: 'Do you want to change content for preauth/settlement',
  edited: (caseType: CaseType) => `${caseType} case is edited`,
  preauthSaved: (procedure: string) => `Preauth case is saved for ${procedure}`,
  viewPreauth: 'View PreAuth',
  enableOverride: 'Enable Procedure Override',
  overridesTitle: 'Protocol Overrides',
  noInsurers: 'No insurers are available for creating overrides',
  overrideCreated: (procedure: string, insurer: string) => `Successfully override created for ${procedure} in ${insurer}`,
  deleted: 'Deleted Successfully',
  deleteFailed: (message: string) => `Error: ${message}`,
  tryOnClaims: 'Try on claims',
} as const;

/** After a successful edit the screen goes back after this long (spec 2 §4, §9). */
export const RETURN_AFTER_EDIT_MS = 1000;
