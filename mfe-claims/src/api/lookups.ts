import type { Hospital, Procedure } from '@claims/shared-kernel';
import type { BatchOption } from './batches';

export interface Option<V extends string | number = string> {
  value: V;
  label: string;
}

export interface ClaimFilterOptions {
  hospitals: Option[];
  procedures: Option[];
  batches: Option<number>[];
}

/** The pickers' options from the kernel's cached lookups and the batch list (`select` functions: stable). */
export const hospitalOptions = (hospitals: Hospital[]): Option[] =>
  hospitals.map((h) => ({ value: h.hospital_code, label: `${h.hospital_code} - ${h.name}` }));
export const procedureOptions = (procedures: Procedure[]): Option[] =>
  procedures.map((p) => ({ value: p.procedure_code, label: `${p.procedure_code} - ${p.name}` }));
export const batchOptions = (batches: BatchOption[]): Option<number>[] => batches.map((b) => ({ value: b.id, label: b.batchName }));
