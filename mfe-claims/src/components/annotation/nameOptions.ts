import { annotationEntity } from '@claims/shared-kernel';
import type { AnnotationEntity, AnnotationEntityKind, Claim, ClinicalAttribute, FoundItem } from '@claims/shared-kernel';
import { lookupQueries, NO_ROWS } from '@claims/shared-kernel/data';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

const CLINICAL_ATTRIBUTE = annotationEntity('clinical_attribute');

export interface NameOption {
  value: string;
  label: string;
}
export interface NameOptionGroup {
  label: string;
  options: NameOption[];
}

/** The items the claim's verification looked for in an entity's group, for the annotated procedure. */
export function claimItems(claim: Claim, procedureCode: string, entity: AnnotationEntity): FoundItem[] {
  return claim.adjudicationDetails?.[procedureCode]?.[entity.group] ?? NO_ROWS;
}

const names = (rows: readonly { name: string }[]) => rows.map((row) => row.name);

/** The masters each entity's names come from (clinical attributes carry their units too). */
function useMasterNames(open: boolean): Record<AnnotationEntityKind, string[]> & { attributes: ClinicalAttribute[] } {
  const procedures = useQuery({ ...lookupQueries.procedures(), enabled: open, select: names }).data;
  const diagnoses = useQuery({ ...lookupQueries.keywords('diagnoses'), enabled: open, select: names }).data;
  const evidence = useQuery({ ...lookupQueries.keywords('evidence'), enabled: open, select: names }).data;
  const documents = useQuery({ ...lookupQueries.keywords('document'), enabled: open, select: names }).data;
  const attributes = useQuery({ ...lookupQueries.clinicalAttributes(), enabled: open }).data ?? (NO_ROWS as ClinicalAttribute[]);
  return useMemo(
    () => ({
      procedure: procedures ?? NO_ROWS,
      diagnosis: diagnoses ?? NO_ROWS,
      evidence: evidence ?? NO_ROWS,
      document: documents ?? NO_ROWS,
      clinical_attribute: attributes.map((a) => a.name),
      attributes,
    }),
    [procedures, diagnoses, evidence, documents, attributes],
  );
}

export interface EntityNames {
  /** The name picker's options: the claim's items first (found, then absent), then the masters'. */
  options: (entity: AnnotationEntity) => NameOptionGroup[];
  /** What the claim's verification found for a name (its value and unit prefill a clinical attribute). */
  claimItem: (entity: AnnotationEntity, name: string) => FoundItem | undefined;
  /** The units a clinical attribute is measured in (its master's), plus the one the verification read. */
  units: (name: string) => string[];
}

/** The names offered for each entity; the masters load once an annotation form or dialog is open. */
export function useEntityNames(claim: Claim, procedureCode: string, open: boolean): EntityNames {
  const masters = useMasterNames(open);
  return useMemo(() => {
    const itemsOf = (entity: AnnotationEntity) => claimItems(claim, procedureCode, entity);
    const claimItem = (entity: AnnotationEntity, name: string) => itemsOf(entity).find((item) => item.name === name);
    const options = (entity: AnnotationEntity): NameOptionGroup[] => {
      const items = [...itemsOf(entity)].sort((a, b) => Number(b.found) - Number(a.found));
      const inClaim = [...new Set(items.map((item) => item.name))];
      const fromMasters = [...new Set(masters[entity.kind])].filter((name) => !inClaim.includes(name));
      const found = new Set(items.filter((item) => item.found).map((item) => item.name));
      return [
        { label: 'In this claim', options: inClaim.map((name) => ({ value: name, label: found.has(name) ? name : `${name} (absent)` })) },
        { label: 'Masters', options: fromMasters.map((name) => ({ value: name, label: name })) },
      ].filter((group) => group.options.length > 0);
    };
    const units = (name: string) => {
      const master = masters.attributes.find((a) => a.name === name);
      const read = claimItem(CLINICAL_ATTRIBUTE, name)?.unitFound;
      return [...new Set([...(read ? [read] : []), ...(master?.clinical_unit ?? []).map((u) => u.name)])];
    };
    return { options, claimItem, units };
  }, [claim, procedureCode, masters]);
}
