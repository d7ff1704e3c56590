/** The WHERE clauses of the claim lists: organisation scope, the claims filter and batch outcomes. */
import { eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '@claims/shared-kernel/constants';
import type { ClaimSearchBody, ConsoleFilterBody } from '@claims/shared-kernel/contract';
import { batches, claims } from '../db/schema';
import { badRequest } from '../http/errors';
import { daysBetween, endOfDayExclusive, startOfDay } from '../http/time';
import { overdueSql } from '../review/queue';
import { documentsRequestedSql } from './document-rounds';
import { answersRequestedSql } from './questions';
import { decisionDiffersSql } from './decisions';

export interface ClaimScope {
  org: string;
  onlyAdjudicated: boolean;
}

export function scopeConditions(scope: ClaimScope): SQL[] {
  const conditions = [eq(claims.org, scope.org)];
  if (scope.onlyAdjudicated) conditions.push(eq(claims.status, 'ADJUDICATED'));
  return conditions;
}

/** A text[] literal built from parameters (drizzle would expand a bare array into a list). */
export const textArray = (values: readonly string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** jsonb string array holding any of the values. */
export const jsonbHasAny = (column: SQL | typeof claims.procedureCodes, values: readonly string[]): SQL =>
  sql`${column} ?| ${textArray(values)}`;

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const nonEmpty = <T>(list: readonly T[] | undefined): list is readonly T[] => !!list && list.length > 0;

/** From/To of a filter: at most 90 days apart, end on or after start; bounds in the display zone. */
export function dateRange(
  column: typeof claims.lastModifiedOn | typeof claims.createdOn | typeof batches.createdAt,
  startDate: string | undefined,
  endDate: string | undefined,
  zone: string,
): SQL[] {
  if (startDate && endDate) {
    const days = daysBetween(startDate, endDate);
    if (days < 0) throw badRequest('endDate: must be on or after startDate');
    if (days > LIMITS.maxDateRangeDays) throw badRequest('endDate: Date should not exceed 90 days.');
  }
  const conditions: SQL[] = [];
  if (startDate) conditions.push(gte(column, startOfDay(startDate, zone)));
  if (endDate) conditions.push(lt(column, endOfDayExclusive(endDate, zone)));
  return conditions;
}

/** The filters' userName: claims the users created, or that work allocation assigned to them. */
const byUser = (names: readonly string[]): SQL => or(inArray(claims.createdBy, [...names]), inArray(claims.assignedTo, [...names]))!;

/** The filter's assignedTo: claims held by any of the users, '' standing for claims nobody holds. */
function assignedToAny(names: readonly string[]): SQL {
  const people = names.filter((name) => name !== '');
  const held = people.length ? [inArray(claims.assignedTo, people)] : [];
  return or(...held, ...(names.includes('') ? [isNull(claims.assignedTo)] : []))!;
}

type ParsedClaimSearch = Omit<ClaimSearchBody, 'batch'> & { batch?: number[] };

export function claimSearchConditions(filter: ParsedClaimSearch, zone: string): SQL[] {
  const conditions: SQL[] = [];
  if (nonEmpty(filter.status)) conditions.push(inArray(claims.status, [...filter.status]));
  if (nonEmpty(filter.procedureCode)) conditions.push(jsonbHasAny(claims.procedureCodes, filter.procedureCode));
  if (nonEmpty(filter.hospital_code)) conditions.push(inArray(claims.hospitalCode, [...filter.hospital_code]));
  if (nonEmpty(filter.userName)) conditions.push(byUser(filter.userName));
  if (nonEmpty(filter.caseType)) conditions.push(inArray(claims.caseType, [...filter.caseType]));
  if (nonEmpty(filter.batch)) conditions.push(inArray(claims.batchId, [...filter.batch]));
  if (nonEmpty(filter.adjudicationResult)) conditions.push(inArray(claims.adjudicationResult, [...filter.adjudicationResult]));
  if (filter.overdue) conditions.push(overdueSql);
  if (nonEmpty(filter.assignedTo)) conditions.push(assignedToAny(filter.assignedTo));
  if (filter.answersRequested) conditions.push(answersRequestedSql);
  if (filter.decisionDiffers) conditions.push(decisionDiffersSql);
  if (filter.reported_month) {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(filter.reported_month)) throw badRequest('reported_month: must be a month as YYYY-MM');
    const first = `${filter.reported_month}-01`;
    conditions.push(gte(claims.createdOn, startOfDay(first, zone)));
    conditions.push(lt(claims.createdOn, startOfDay(nextMonth(first), zone)));
  }
  conditions.push(...dateRange(claims.lastModifiedOn, filter.startDate, filter.endDate, zone));
  // The top-bar search over reference, patient name and procedure codes (search_text; trigram-indexed).
  if (filter.query?.trim()) conditions.push(ilike(claims.searchText, likePattern(filter.query.trim())));
  if (filter.documentsRequested) conditions.push(documentsRequestedSql);
  return conditions;
}

function nextMonth(firstOfMonth: string): string {
  const [year, month] = firstOfMonth.split('-').map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The console filter (spec 3 §3.6) over downloaded claims. */
export function consoleClaimConditions(filter: ConsoleFilterBody, zone: string): SQL[] {
  const conditions: SQL[] = [...dateRange(claims.createdOn, filter.startDate, filter.endDate, zone)];
  const statuses = [...(filter.vitraya_claim_status ?? []), ...(filter.status ?? [])];
  if (statuses.length) conditions.push(inArray(claims.status, statuses));
  if (nonEmpty(filter.caseType)) conditions.push(inArray(claims.caseType, [...filter.caseType]));
  if (nonEmpty(filter.vitraya_procedure_code)) conditions.push(jsonbHasAny(claims.procedureCodes, filter.vitraya_procedure_code));
  if (nonEmpty(filter.insurerProcedureName)) conditions.push(inArray(claims.insurerProcedureName, [...filter.insurerProcedureName]));
  if (nonEmpty(filter.insurerIllnessName)) conditions.push(inArray(claims.insurerIllnessName, [...filter.insurerIllnessName]));
  if (nonEmpty(filter.insurerClaimStatus)) conditions.push(inArray(claims.insurerClaimStatus, [...filter.insurerClaimStatus]));
  if (nonEmpty(filter.error)) conditions.push(inArray(claims.errorCode, [...filter.error]));
  if (nonEmpty(filter.userName)) conditions.push(byUser(filter.userName));
  if (nonEmpty(filter.batchName)) {
    conditions.push(
      inArray(claims.batchId, sql`(select ${batches.id} from ${batches} where ${inArray(batches.batchName, [...filter.batchName])})`),
    );
  }
  return conditions;
}

/**
 * Where a claim stands within its batch (spec 3 §2.7 counts). One CASE so the buckets never overlap.
 */
export const OUTCOME = sql<'accepted' | 'rejected' | 'query' | 'inProgress' | 'toBeVerified' | 'failed'>`case
  when ${claims.rerunStatus} = 'INPROGRESS' or ${claims.status} in ('IN_PROCESSING', 'OCR_PENDING', 'TO_BE_ADJUDICATED') then 'inProgress'
  when ${claims.status} in ('VERIFICATION_FAILED', 'UPLOAD_FAILED', 'DOWNLOAD_FAILED', 'SUSPENDED')
    or (${claims.status} = 'ADJUDICATED' and ${claims.adjudicationResult} = 'SUSPENDED') then 'failed'
  when ${claims.status} = 'ADJUDICATED' and ${claims.adjudicationResult} = 'ACCEPTED' then 'accepted'
  when ${claims.status} = 'ADJUDICATED' and ${claims.adjudicationResult} = 'REJECTED' then 'rejected'
  when ${claims.status} = 'ADJUDICATED' and ${claims.adjudicationResult} = 'QUERY' then 'query'
  else 'toBeVerified' end`;
