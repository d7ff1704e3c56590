import { lookupHospitals, lookupProcedures } from '@claims/shared-kernel';
import { listBatchOptions, type BatchOption } from './batches';

export interface Option<V extends string | number = string> {
  value: V;
  label: string;
}

export interface ClaimFilterOptions {
  hospitals: Option[];
  procedures: Option[];
  batches: Option<number>[];
}

export const NO_FILTER_OPTIONS: ClaimFilterOptions = { hospitals: [], procedures: [], batches: [] };

/** Hospitals and procedures for the filter; each list falls back to empty on its own when its call fails. */
export async function loadMasterOptions(): Promise<Omit<ClaimFilterOptions, 'batches'>> {
  const [hospitals, procedures] = await Promise.all([lookupHospitals(), lookupProcedures()]);
  return {
    hospitals: hospitals.map((h) => ({ value: h.hospital_code, label: `${h.hospital_code} - ${h.name}` })),
    procedures: procedures.map((p) => ({ value: p.procedure_code, label: `${p.procedure_code} - ${p.name}` })),
  };
}

/** The chosen organisation's batches for the filter. */
export async function loadBatchOptions(org: string): Promise<Option<number>[]> {
  const batches: BatchOption[] = await listBatchOptions(org);
  return batches.map((b) => ({ value: b.id, label: b.batchName }));
}
