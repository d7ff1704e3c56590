/**
 * Document precedence for clinical attribute values (spec 3 §2.4, §3.1): per hospital and procedure, which
 * document's value wins (override_value, in order) and which documents are not read at all
 * (exclude_document_headers). An empty hospitals or procedures list means All; an empty exclusion list
 * means None. When several overrides apply, the most specific one wins (hospital and procedure named, then
 * one of them, then neither); among equals, the first. Documents not listed in override_value still count,
 * after the listed ones.
 */
import type { DocumentOverride } from '@claims/shared-kernel/contract';
import { foldOf } from './match';

export interface OverrideContext {
  hospitalCode: string | null;
  procedureCode: string;
  /** The procedure's name, for overrides that list procedures by name. */
  procedureName?: string | null;
}

const listed = (list: string[], ...candidates: (string | null | undefined)[]): boolean =>
  list.some((item) => candidates.some((c) => !!c && foldOf(c) === foldOf(item)));

export function applicableOverride(overrides: DocumentOverride[] | undefined, context: OverrideContext): DocumentOverride | null {
  let best: { override: DocumentOverride; specificity: number } | null = null;
  for (const override of overrides ?? []) {
    const hospitals = override.hospitals ?? [];
    const procedures = override.procedures ?? [];
    if (hospitals.length && !listed(hospitals, context.hospitalCode)) continue;
    if (procedures.length && !listed(procedures, context.procedureCode, context.procedureName)) continue;
    const specificity = (hospitals.length ? 2 : 0) + (procedures.length ? 1 : 0);
    if (!best || specificity > best.specificity) best = { override, specificity };
  }
  return best?.override ?? null;
}

/**
 * Where a document of this type ranks (0 = wins first), or null when the override excludes it.
 * Without an override every document ranks equal.
 */
export function documentRank(override: DocumentOverride | null, documentType: string | null): number | null {
  if (!override) return 0;
  const type = documentType ? foldOf(documentType) : null;
  if (type && (override.exclude_document_headers ?? []).some((d) => foldOf(d) === type)) return null;
  const order = (override.override_value ?? []).map(foldOf);
  const at = type ? order.indexOf(type) : -1;
  return at >= 0 ? at : order.length;
}
