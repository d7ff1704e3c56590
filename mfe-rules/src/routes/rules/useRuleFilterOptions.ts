import { lookupQueries, NO_ROWS, useLookup } from '@claims/shared-kernel/data';
import { useQuery } from '@tanstack/react-query';
import type { Procedure } from '@claims/shared-kernel';

/** The names each picker of the rules filter offers, sorted and without repeats. */
export interface RuleFilterOptions {
  procedureCodes: string[];
  procedureNames: string[];
  diagnoses: string[];
  documents: string[];
  clinicalAttributes: string[];
}

const distinct = (names: string[]) => [...new Set(names.filter(Boolean))].sort((a, b) => a.localeCompare(b));
// The lookups' `select`s: module-level, so each picker's list is kept while its lookup's rows are.
const codes = (procedures: Procedure[]) => distinct(procedures.map((p) => p.procedure_code));
const names = (rows: { name: string }[]) => distinct(rows.map((row) => row.name));

/**
 * The filter's pickers from the page's cached lookups (procedures, diagnoses, documents, clinical
 * attributes). Each list is empty while it loads and after its lookup failed; the others still fill.
 */
export function useRuleFilterOptions(): RuleFilterOptions {
  const { data: clinicalAttributes = NO_ROWS } = useQuery({ ...lookupQueries.clinicalAttributes(), select: names });
  return {
    procedureCodes: useLookup(lookupQueries.procedures(), { select: codes }),
    procedureNames: useLookup(lookupQueries.procedures(), { select: names }),
    diagnoses: useLookup(lookupQueries.keywords('diagnoses'), { select: names }),
    documents: useLookup(lookupQueries.keywords('document'), { select: names }),
    clinicalAttributes,
  };
}
