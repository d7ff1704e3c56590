import { lookupQueries, NO_ROWS, useLookup } from '@claims/shared-kernel/data';
import type { ClinicalAttribute, EntityName, KeywordEntity, NamedRef, Procedure } from '@claims/shared-kernel';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { clinicalAttributeLookup } from '../../api/rules';

/** What the builder's pickers offer, from the page's cached lookups of the masters. */
export interface BuilderMasters {
  /** Each entity's master: the values a condition may look for (by name; the id to select it on save). */
  entities: Record<EntityName, NamedRef[]>;
  /** The clinical attributes a comparison compares. */
  clinicalAttributes: NamedRef[];
}

const refs = (rows: (KeywordEntity | Procedure | ClinicalAttribute)[]): NamedRef[] =>
  rows.map((row) => ({ id: row.id, name: row.name })).sort((a, b) => a.name.localeCompare(b.name));

/** The masters of every entity a condition can name; each list is empty while it loads and after it failed. */
export function useBuilderMasters(): BuilderMasters {
  const procedures = useLookup(lookupQueries.procedures());
  const diagnoses = useLookup(lookupQueries.keywords('diagnoses'));
  const evidence = useLookup(lookupQueries.keywords('evidence'));
  const drugs = useLookup(lookupQueries.keywords('drugs'));
  const tissues = useLookup(lookupQueries.keywords('tissues'));
  const documents = useLookup(lookupQueries.keywords('document'));
  const { data: attributes = NO_ROWS } = useQuery(clinicalAttributeLookup());
  return useMemo(() => {
    const clinicalAttributes = refs(attributes);
    return {
      entities: {
        procedures: refs(procedures),
        diagnoses: refs(diagnoses),
        evidence: refs(evidence),
        drugs: refs(drugs),
        tissues: refs(tissues),
        document: refs(documents),
        clinicalattribute: clinicalAttributes,
      },
      clinicalAttributes,
    };
  }, [procedures, diagnoses, evidence, drugs, tissues, documents, attributes]);
}
