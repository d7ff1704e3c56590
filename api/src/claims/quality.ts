/**
 * The verification quality report (issue 12 'The quality users can see'): the adjudicator's verdicts and found
 * items against the annotations of an organisation's claims annotated in a period. It reads at most the claims
 * annotated in the period (through the annotation date's index), and of each only the annotated procedure's
 * verdict and found names, never its rule trees or evidence boxes; then only the masters whose names or aliases
 * those names use.
 */
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  ADJUDICATION_RESULTS,
  ENTITY_GROUP_KINDS,
  KEYWORD_KINDS,
  type AdjudicationResult,
  type KeywordKind,
} from '@claims/shared-kernel/constants';
import {
  ANNOTATION_ENTITIES,
  annotationEntries,
  EXPECTED_RESULT_VERDICT,
  EXPECTED_RESULTS,
  qualityPeriodOf,
  type AnnotationEntity,
  type AnnotationEntityKind,
  type AnnotationSlots,
  type ExpectedResult,
  type ProcedureVerification,
  type QualityDisagreement,
  type QualityEntityName,
  type QualityEntityRow,
  type QualityMatrixRow,
  type QualityProcedureRow,
  type QualityQuery,
  type QualityReport,
} from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { annotations, claims, clinicalAttributes, keywordMasters, procedures } from '../db/schema';
import { badRequest } from '../http/errors';
import { endOfDayExclusive, startOfDay, todayIn } from '../http/time';
import { decisionFigures } from './decisions';

export interface QualityPeriod {
  /** Days of the display zone, both included. */
  from: string;
  to: string;
  /** The same period in UTC: start included, end excluded. */
  start: Date;
  end: Date;
}

/** The period asked for, the defaults filled in (the last 90 days, today included); 400 naming the field otherwise. */
export function qualityPeriod(query: Pick<QualityQuery, 'from' | 'to'>, zone: string): QualityPeriod {
  const { from, to, problem } = qualityPeriodOf(query, todayIn(zone));
  if (problem) throw badRequest(`${problem.field}: ${problem.message}`);
  return { from, to, start: startOfDay(from, zone), end: endOfDayExclusive(to, zone) };
}

export interface QualityScope {
  org: string;
  /** Insurer users: only the organisation's ADJUDICATED claims count, as their lists show them. */
  adjudicatedOnly: boolean;
}

type EntityGroupCompared = AnnotationEntity['group'];
/** A found item's [name, standardName]. */
type FoundName = [string, string | null];

/** What the report reads of the annotated procedure's verification: its verdict and the found items it compares. */
type VerificationRead = Partial<Pick<ProcedureVerification, 'adjudicationResult' | EntityGroupCompared>>;

/** One annotated claim as the report reads it. */
interface AnnotatedClaim {
  claimId: number;
  referenceClaimId: string;
  organization: string;
  procedureCode: string;
  procedureName: string | null;
  expectedResult: ExpectedResult;
  slots: AnnotationSlots;
  annotatedOn: Date;
  annotatedBy: string;
  /** The annotated procedure's verdict, else the claim's; null before the first verification. */
  verdict: string | null;
  /** The annotated procedure's found items by group (absent items left out). */
  found: Partial<Record<EntityGroupCompared, FoundName[]>>;
}

/**
 * The parts of a procedure's verification the report leaves in the database: the rule trees are most of its size.
 * The procedure's verification is taken out of the claim's details once and these keys dropped from it, so the
 * (compressed) details are read once per claim.
 */
const NOT_READ: readonly (keyof ProcedureVerification)[] = [
  'procedureRule',
  'diagnosisRule',
  'documentRule',
  'clinicalTermsRule',
  'rejectionReasons',
  'adjudicationReason',
  'tissue',
  'drug',
  'pre_existing_diseases',
];

/** The organisation's claims whose current annotation was made in the period, newest annotation first. */
async function annotatedClaims(db: DbOrTx, scope: QualityScope, period: QualityPeriod): Promise<AnnotatedClaim[]> {
  const rows = await db
    .select({
      claimId: claims.id,
      referenceClaimId: claims.referenceClaimId,
      organization: claims.org,
      procedureCode: annotations.procedureCode,
      procedureName: annotations.procedureName,
      expectedResult: annotations.expectedResult,
      slots: annotations.slots,
      annotatedOn: annotations.annotatedOn,
      annotatedBy: annotations.username,
      claimResult: claims.adjudicationResult,
      verification: sql<VerificationRead | null>`(${claims.adjudicationDetails} -> ${annotations.procedureCode}) - ${`{${NOT_READ.join(',')}}`}::text[]`,
    })
    .from(annotations)
    .innerJoin(claims, and(eq(claims.id, annotations.claimId), eq(claims.annotationId, annotations.id)))
    .where(
      and(
        gte(annotations.annotatedOn, period.start),
        lt(annotations.annotatedOn, period.end),
        eq(claims.org, scope.org),
        scope.adjudicatedOnly ? eq(claims.status, 'ADJUDICATED') : undefined,
      ),
    )
    .orderBy(desc(annotations.annotatedOn), desc(annotations.id));
  return rows.map(({ claimResult, verification, ...row }) => ({
    ...row,
    verdict: verification?.adjudicationResult ?? claimResult,
    found: Object.fromEntries(
      ANNOTATION_ENTITIES.map(({ group }) => [
        group,
        (Array.isArray(verification?.[group]) ? verification[group] : [])
          .filter((item) => item.found)
          .map((item): FoundName => [item.name, item.standardName ?? null]),
      ]),
    ),
  }));
}

// ---------------------------------------------------------------------------------------------------
// Names: case-insensitive, through the masters' aliases

/** Names compare without case and with runs of spaces as one. */
const fold = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();
const foldInDatabase = (value: SQL | AnyColumn): SQL => sql`lower(regexp_replace(btrim(${value}), '\\s+', ' ', 'g'))`;

/**
 * The keyword master each annotated entity is kept in: the kind its found-item group reports, when that kind is
 * a keyword master (procedures and clinical attributes have tables of their own).
 */
const KEYWORD_KIND_OF = new Map(
  ANNOTATION_ENTITIES.flatMap((entity): [AnnotationEntityKind, KeywordKind][] => {
    const kind = ENTITY_GROUP_KINDS.find(({ group }) => group === entity.group)?.kind;
    const keywordKind = KEYWORD_KINDS.find((keyword) => keyword === kind);
    return keywordKind ? [[entity.kind, keywordKind]] : [];
  }),
);

/** Per entity type: a folded name or alias → the folded name of the master it belongs to. */
type Synonyms = Map<AnnotationEntityKind, Map<string, string>>;

/** The masters whose name or an alias is one of `names` (folded): the report never reads the whole catalog. */
async function synonymsOf(db: DbOrTx, names: ReadonlySet<string>): Promise<Synonyms> {
  const synonyms: Synonyms = new Map(ANNOTATION_ENTITIES.map((entity) => [entity.kind, new Map<string, string>()]));
  if (!names.size) return synonyms;
  const wanted = sql`(select jsonb_array_elements_text(${JSON.stringify([...names])}::jsonb))`;
  const named = (column: AnyColumn) => sql`${foldInDatabase(column)} in ${wanted}`;
  const aliased = (column: AnyColumn) =>
    sql`exists (select 1 from jsonb_array_elements_text(${column}) as alias(term) where ${foldInDatabase(sql`alias.term`)} in ${wanted})`;
  const keywordKinds = [...KEYWORD_KIND_OF.values()];
  const [keywordRows, procedureRows, attributeRows] = await Promise.all([
    db
      .select({ kind: keywordMasters.kind, name: keywordMasters.name, alias: keywordMasters.alias })
      .from(keywordMasters)
      .where(and(inArray(keywordMasters.kind, keywordKinds), or(named(keywordMasters.name), aliased(keywordMasters.alias))))
      .orderBy(asc(keywordMasters.id)),
    db
      .select({ name: procedures.name, alias: procedures.alias, code: procedures.procedureCode })
      .from(procedures)
      .where(or(named(procedures.name), named(procedures.procedureCode), aliased(procedures.alias)))
      .orderBy(asc(procedures.id)),
    db
      .select({ name: clinicalAttributes.name, alias: clinicalAttributes.alias })
      .from(clinicalAttributes)
      .where(or(named(clinicalAttributes.name), aliased(clinicalAttributes.alias)))
      .orderBy(asc(clinicalAttributes.id)),
  ]);
  const register = (kind: AnnotationEntityKind, name: string, others: readonly string[]) => {
    const byName = synonyms.get(kind)!;
    // The first master (by id) to claim a name keeps it, as the adjudicator's own lookup does.
    for (const key of [name, ...others].map(fold)) if (key && !byName.has(key)) byName.set(key, fold(name));
  };
  for (const row of keywordRows) {
    const kind = ANNOTATION_ENTITIES.find((entity) => KEYWORD_KIND_OF.get(entity.kind) === row.kind)?.kind;
    if (kind) register(kind, row.name, row.alias);
  }
  for (const row of procedureRows) register('procedure', row.name, [...row.alias, row.code]);
  for (const row of attributeRows) register('clinical_attribute', row.name, row.alias);
  return synonyms;
}

/** An entity as compared: the name shown, the master name it stands for, and every master name it may match. */
interface ComparedEntity {
  shown: string;
  primary: string;
  keys: Set<string>;
}

function comparedEntity(synonyms: Synonyms, kind: AnnotationEntityKind, shown: string, others: readonly (string | null)[]): ComparedEntity {
  const canonical = (name: string) => synonyms.get(kind)?.get(fold(name)) ?? fold(name);
  const primary = canonical(shown);
  const keys = new Set([primary, ...others.filter((name): name is string => !!name?.trim()).map(canonical)]);
  return { shown, primary, keys };
}

/** Once per master name: an annotation may name a document on two PDFs, a rule may look for a diagnosis twice. */
function distinct(entities: ComparedEntity[]): ComparedEntity[] {
  const byPrimary = new Map<string, ComparedEntity>();
  for (const entity of entities) if (!byPrimary.has(entity.primary)) byPrimary.set(entity.primary, entity);
  return [...byPrimary.values()];
}

interface EntityComparison {
  matched: number;
  missed: ComparedEntity[];
  unexpected: ComparedEntity[];
}

/** Pairs each annotated entity with at most one found item: the same master name first, then through an alias either side gave. */
function compareEntities(annotated: ComparedEntity[], found: ComparedEntity[]): EntityComparison {
  const open = new Set(found);
  const missed: ComparedEntity[] = [];
  const unpaired = annotated.filter((entity) => {
    const same = [...open].find((item) => item.primary === entity.primary);
    if (same) open.delete(same);
    return !same;
  });
  for (const entity of unpaired) {
    const through = [...open].find((item) => [...item.keys].some((key) => entity.keys.has(key)));
    if (through) open.delete(through);
    else missed.push(entity);
  }
  return { matched: annotated.length - missed.length, missed, unexpected: [...open] };
}

// ---------------------------------------------------------------------------------------------------
// The report

interface Tally {
  annotated: number;
  found: number;
  matched: number;
}
const emptyTally = (): Tally => ({ annotated: 0, found: 0, matched: 0 });
const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);
const scoreOf = (tally: Tally) => ({
  ...tally,
  precision: share(tally.matched, tally.found),
  recall: share(tally.matched, tally.annotated),
});

const isVerdict = (value: string | null): value is AdjudicationResult => (ADJUDICATION_RESULTS as readonly string[]).includes(value ?? '');
const noVerdicts = (): QualityMatrixRow['verdicts'] => ({ ACCEPTED: 0, REJECTED: 0, QUERY: 0, SUSPENDED: 0 });

/** The annotated entities of a claim next to its found items, per entity type the annotation names. */
function entityComparisons(claim: AnnotatedClaim, synonyms: Synonyms) {
  return ANNOTATION_ENTITIES.flatMap((entity) => {
    const annotated = distinct(
      annotationEntries(claim.slots, entity).map((entry) => comparedEntity(synonyms, entity.kind, entry.name, [entry.alias])),
    );
    // An annotation that names none of a type says nothing of it: the found items of that type are neither right nor wrong.
    if (!annotated.length) return [];
    const found = distinct(
      (claim.found[entity.group] ?? []).map(([name, standardName]) =>
        comparedEntity(synonyms, entity.kind, standardName || name, [name, standardName]),
      ),
    );
    return [{ entity, annotated, found, ...compareEntities(annotated, found) }];
  });
}

/** Every name the comparison will look up in the masters: the annotations' names and aliases, the found names. */
function namesToLookUp(rows: readonly AnnotatedClaim[]): Set<string> {
  const names = new Set<string>();
  for (const row of rows) {
    for (const entity of ANNOTATION_ENTITIES) {
      const given = [
        ...annotationEntries(row.slots, entity).flatMap((entry) => [entry.name, entry.alias]),
        ...(row.found[entity.group] ?? []).flat(),
      ];
      for (const name of given) if (name?.trim()) names.add(fold(name));
    }
  }
  return names;
}

export async function qualityReport(db: DbOrTx, scope: QualityScope, period: QualityPeriod): Promise<QualityReport> {
  const [rows, decided] = await Promise.all([annotatedClaims(db, scope, period), decisionFigures(db, scope, period)]);
  const verified = rows.filter((row): row is AnnotatedClaim & { verdict: AdjudicationResult } => isVerdict(row.verdict));
  const synonyms = await synonymsOf(db, namesToLookUp(verified));

  const matrix = new Map(EXPECTED_RESULTS.map(({ code }) => [code, noVerdicts()]));
  const entities = new Map(ANNOTATION_ENTITIES.map((entity) => [entity.kind, { claims: 0, ...emptyTally() }]));
  const byProcedure = new Map<string, { procedureName: string | null; claims: number; agreed: number } & Tally>();
  const disagreements: QualityDisagreement[] = [];
  let agreed = 0;

  for (const claim of verified) {
    const countsAs = EXPECTED_RESULT_VERDICT[claim.expectedResult];
    const agrees = claim.verdict === countsAs;
    matrix.get(claim.expectedResult)![claim.verdict] += 1;
    if (agrees) agreed += 1;

    const procedure = byProcedure.get(claim.procedureCode) ?? { procedureName: null, claims: 0, agreed: 0, ...emptyTally() };
    procedure.procedureName ??= claim.procedureName;
    procedure.claims += 1;
    if (agrees) procedure.agreed += 1;
    byProcedure.set(claim.procedureCode, procedure);

    const comparisons = entityComparisons(claim, synonyms);
    for (const { entity, annotated, found, matched } of comparisons) {
      const tally = entities.get(entity.kind)!;
      tally.claims += 1;
      for (const total of [tally, procedure]) {
        total.annotated += annotated.length;
        total.found += found.length;
        total.matched += matched;
      }
    }
    if (agrees) continue;
    const named = (list: (c: EntityComparison) => ComparedEntity[]): QualityEntityName[] =>
      comparisons.flatMap((comparison) => list(comparison).map((item) => ({ entity: comparison.entity.kind, name: item.shown })));
    disagreements.push({
      claimId: claim.claimId,
      referenceClaimId: claim.referenceClaimId,
      organization: claim.organization,
      procedureCode: claim.procedureCode,
      procedureName: claim.procedureName,
      expectedResult: claim.expectedResult,
      countsAs,
      verificationResult: claim.verdict,
      annotatedOn: claim.annotatedOn.toISOString(),
      annotatedBy: claim.annotatedBy,
      missed: named((c) => c.missed),
      unexpected: named((c) => c.unexpected),
    });
  }

  const entityRows: QualityEntityRow[] = ANNOTATION_ENTITIES.map((entity) => {
    const { claims: counted, ...tally } = entities.get(entity.kind)!;
    return { entity: entity.kind, claims: counted, ...scoreOf(tally) };
  });
  const procedureRows: QualityProcedureRow[] = [...byProcedure]
    .map(([procedureCode, { procedureName, claims: counted, agreed: agreeing, ...tally }]) => ({
      procedureCode,
      procedureName,
      claims: counted,
      agreed: agreeing,
      agreement: share(agreeing, counted),
      ...scoreOf(tally),
    }))
    .sort((a, b) => b.claims - a.claims || a.procedureCode.localeCompare(b.procedureCode));
  return {
    organization: scope.org,
    from: period.from,
    to: period.to,
    annotatedClaims: rows.length,
    notVerified: rows.length - verified.length,
    compared: verified.length,
    agreed,
    agreement: share(agreed, verified.length),
    matrix: EXPECTED_RESULTS.map(({ code }) => {
      const verdicts = matrix.get(code)!;
      const total = Object.values(verdicts).reduce((sum, n) => sum + n, 0);
      return { expectedResult: code, countsAs: EXPECTED_RESULT_VERDICT[code], verdicts, total };
    }),
    entities: entityRows,
    procedures: procedureRows,
    disagreements,
    decisions: { ...decided, share: share(decided.differing, decided.claims) },
  };
}
