/** Lookup rows shaped as the contract says the api answers them (test only). */
import type { ClinicalAttribute, KeywordEntity, Procedure } from '@claims/shared-kernel';

export const procedure = (id: number, procedure_code: string, name: string): Procedure => ({
  id,
  procedure_code,
  name,
  snomedct_code: '',
  procedure_group: null,
  alias: [],
});

export const keyword = (id: number, name: string): KeywordEntity => ({ id, name, alias: [] });

export const clinicalAttribute = (id: number, name: string): ClinicalAttribute => ({
  id,
  name,
  alias: [],
  value_type: 'Number',
  tabular: false,
  distributed_attribute_value: false,
  fk_clinical_unit: [],
  number_range: null,
  text_possible_values: [],
  overrides: [],
  override_message: null,
  patternOverridesForValues: [],
});
