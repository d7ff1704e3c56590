import { lookupQueries, NO_ROWS } from '@claims/shared-kernel/data';
import {
  ENTITY_NAMES,
  type EntityName,
  entityNameOf,
  type KeywordModule,
  kindOfEntity,
  masterKind,
  type NamedRef,
} from '@claims/shared-kernel';
import { type UseQueryOptions, type UseQueryResult, useQueries } from '@tanstack/react-query';

/** What the builder's pickers offer, from the page's cached lookups of the masters. */
export interface BuilderMasters {
  /** Each entity's master: the values a condition may look for (by name; the id to select it on save). */
  entities: Record<EntityName, NamedRef[]>;
  /** The clinical attributes a comparison compares. */
  clinicalAttributes: NamedRef[];
}

/** A master row as a picker needs it (procedures, keywords and clinical attributes all have these). */
type NamedRow = { id: number; name: string };

/** The cached lookup of the masters of the kind an entity names, by where the kind is stored. */
function entityLookup(entityName: EntityName): UseQueryOptions<NamedRow[]> {
  const kind = masterKind(kindOfEntity(entityName));
  if (kind.store === 'procedures') return lookupQueries.procedures() as UseQueryOptions<NamedRow[]>;
  if (kind.store === 'clinical') return lookupQueries.clinicalAttributes() as UseQueryOptions<NamedRow[]>;
  return lookupQueries.keywords(kind.module as KeywordModule) as UseQueryOptions<NamedRow[]>;
}

const ENTITY_LOOKUPS = ENTITY_NAMES.map(entityLookup);
const ATTRIBUTES = entityNameOf('clinicalAttribute') as EntityName;

const refs = (rows: NamedRow[]): NamedRef[] =>
  rows.map((row) => ({ id: row.id, name: row.name })).sort((a, b) => a.name.localeCompare(b.name));

const buildersMasters = (results: UseQueryResult<NamedRow[]>[]): BuilderMasters => {
  const entities = Object.fromEntries(ENTITY_NAMES.map((name, index) => [name, refs(results[index].data ?? NO_ROWS)])) as Record<
    EntityName,
    NamedRef[]
  >;
  return { entities, clinicalAttributes: entities[ATTRIBUTES] };
};

/** The masters of every entity a condition can name; each list is empty while it loads and after it failed. */
export function useBuilderMasters(): BuilderMasters {
  return useQueries({ queries: ENTITY_LOOKUPS, combine: buildersMasters });
}
