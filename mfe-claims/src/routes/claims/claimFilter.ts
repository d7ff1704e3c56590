import { toWireDate, type DateRange } from '@claims/shared-kernel/ui';
import { todayInZone, type AdjudicationResult, type CaseType, type ClaimSearchBody, type ClaimStatus } from '@claims/shared-kernel';

/** A claim verified while its procedure questions wait for answers: its tag in the lists and the filter's box. */
export const ANSWERS_REQUESTED = 'Answers requested';

/** A claim with a document request open: its tag in the lists and the filter's box. */
export const DOCUMENTS_REQUESTED = 'Documents requested';

/** The filter's box of claims where a person's decision differs from the adjudicator's verdict (decisionDiffers). */
export const DECISION_DIFFERS = 'Decision differs from verdict';

/** An open review past its due time: its tag beside the due time in the lists and the filter's box. */
export const OVERDUE = 'Overdue';

/** What the filter panel holds; applied as a whole when the user presses Filter. */
export interface ClaimFilter {
  range: DateRange;
  statuses: ClaimStatus[];
  hospitalCodes: string[];
  userNames: string[];
  procedureCodes: string[];
  batchIds: number[];
  caseTypes: CaseType[];
  adjudicationResults: AdjudicationResult[];
  /** Only claims with a document request open ('Documents requested'). */
  documentsRequested: boolean;
  /** Only claims whose procedure questions are unanswered ('Answers requested'). */
  answersRequested: boolean;
  /** Only claims where a person's current decision differs from the verdict (the kernel's decisionDiffers). */
  decisionDiffers: boolean;
  /** Only open reviews past their due time. */
  overdue: boolean;
  /** Only claims assigned to these users. */
  assignedTo: string[];
}

export const emptyClaimFilter = (): ClaimFilter => ({
  range: { from: todayInZone(), to: todayInZone() },
  statuses: [],
  hospitalCodes: [],
  userNames: [],
  procedureCodes: [],
  batchIds: [],
  caseTypes: [],
  adjudicationResults: [],
  documentsRequested: false,
  answersRequested: false,
  decisionDiffers: false,
  overdue: false,
  assignedTo: [],
});

/** Adjudication Result is offered only while Adjudicated is among the chosen statuses (spec 1 §4). */
export const offersAdjudicationResult = (statuses: readonly ClaimStatus[]): boolean => statuses.includes('ADJUDICATED');

const listOrNothing = <T>(values: T[]): T[] | undefined => (values.length ? values : undefined);

/** What an insurer user may filter by result: their claims are all adjudicated, and suspended ones are the provider's to handle. */
export const INSURER_RESULTS: readonly AdjudicationResult[] = ['ACCEPTED', 'REJECTED', 'QUERY'];

/**
 * The POST /claims/search body. Insurer users search only adjudicated claims, by date and result
 * (spec 1 §3); the search text rides along whenever there is one.
 */
export function toSearchBody(filter: ClaimFilter | null, { insurer, query }: { insurer: boolean; query: string }): ClaimSearchBody {
  const body: ClaimSearchBody = {};
  if (filter) {
    body.startDate = toWireDate(filter.range.from);
    body.endDate = toWireDate(filter.range.to);
    if (!insurer) {
      body.status = listOrNothing(filter.statuses);
      body.hospital_code = listOrNothing(filter.hospitalCodes);
      body.userName = listOrNothing(filter.userNames);
      body.procedureCode = listOrNothing(filter.procedureCodes);
      body.batch = listOrNothing(filter.batchIds);
      body.caseType = listOrNothing(filter.caseTypes);
      body.assignedTo = listOrNothing(filter.assignedTo);
      if (offersAdjudicationResult(filter.statuses)) body.adjudicationResult = listOrNothing(filter.adjudicationResults);
    } else {
      body.adjudicationResult = listOrNothing(filter.adjudicationResults.filter((result) => INSURER_RESULTS.includes(result)));
    }
  }
  if (filter?.documentsRequested) body.documentsRequested = true;
  if (filter?.answersRequested) body.answersRequested = true;
  if (filter?.decisionDiffers) body.decisionDiffers = true;
  if (filter?.overdue) body.overdue = true;
  if (insurer) body.status = ['ADJUDICATED'];
  if (query) body.query = query;
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as ClaimSearchBody;
}
