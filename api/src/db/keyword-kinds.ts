/**
 * The kinds of the keyword_masters table: each is also its route module name. Kept out of schema.ts,
 * which exports tables only.
 */
export const KEYWORD_KINDS = ['procedureGroup', 'diagnoses', 'document', 'evidence', 'drugs', 'tissues', 'preExistingDiseases'] as const;
export type KeywordKind = (typeof KEYWORD_KINDS)[number];
