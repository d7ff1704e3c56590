/**
 * The one endpoint table: every call the api serves, keyed 'METHOD /path' (path parameters as `:name`, as the
 * api's routes name them), with its params, query, body and success answers by status, as zod schemas. The api's
 * routes take their schemas from it (`endpoint('GET /hospitals')` in api/src/http/endpoint.ts), the kernel's typed
 * client (`callApi`) and the component tests' fake (`fakeApi`) their types, so a drift between them fails the
 * typecheck; an api test checks that every route the api registers has its row here and every row a route.
 * Error answers (`{detail}`) are added by the api for every call.
 */
import { z } from 'zod';
import { KEYWORD_KINDS, type KeywordKind } from '../kinds';
import { CASE_TYPE_CODES } from '../constants';
import { Annotation, AnnotationBody, AnnotationUsers, ErrorAnnotationBody, ErrorAnnotations, ErrorCategory } from './annotations';
import { AuditExportQuery, AuditHistoryPage, AuditHistoryQuery, AuditRecordParams } from './audit';
import { LoginForm, LoginResponse, MeResponse, SignupForm, SignupResponse, VersionResponse } from './auth';
import {
  AddProcNameBody,
  AssignDateBody,
  AssignEquallyBody,
  AssignSpecifiedBody,
  BatchActionResponse,
  BatchCreateBody,
  BatchCreateResponse,
  BatchIdParams,
  BatchLeaving,
  BatchLeavingBody,
  BatchListQuery,
  BatchName,
  BatchNamesBody,
  BatchPriorityBody,
  BatchProgress,
  BatchProgressQuery,
  BatchQuery,
  BatchRow,
  BatchStatusBody,
  BatchStopBody,
  ClaimIdListBody,
  ClaimStatusBody,
  ConsoleClaimRow,
  ConsoleFilterBody,
  ConsoleFilterOptions,
  DownloadedCount,
  ManifestLimits,
  OrgUser,
  RedirectOtherBody,
  RefreshDownloadsResponse,
  ReuploadBody,
  ReuploadResponse,
  UsersQuery,
} from './batches';
import {
  CLAIM_UPLOAD_TYPES,
  Claim,
  ClaimCreateFields,
  ClaimCreateResponse,
  ClaimDocumentParams,
  ClaimIdParams,
  ClaimListQuery,
  ClaimListResponse,
  ClaimListRow,
  ClaimRerunForm,
  ClaimSearchBody,
  ClaimSearchQuery,
  DashboardQuery,
  DashboardRow,
  DocumentText,
  FindingsBody,
  UploadLimits,
} from './claims';
import {
  CountResponse,
  DeleteBody,
  DetailResponse,
  FlagText,
  IdParams,
  ListQuery,
  MasterIdParams,
  MasterItemQuery,
  MasterListQuery,
  MasterSearchBody,
  MessageResponse,
  OrgQuery,
  PageLimit,
  PageNumber,
  PageQuery,
  pagedList,
  pagedResults,
} from './common';
import {
  ClaimAnswersBody,
  ClaimAnswersResponse,
  ClaimQuestions,
  ClinicalAttribute,
  ClinicalAttributeSaveBody,
  ClinicalAttributeTryBody,
  ClinicalAttributeTryResponse,
  ClinicalUnit,
  ClinicalUnitSaveBody,
  Docgroup,
  DocgroupSaveBody,
  DocgroupUpsertBody,
  Hospital,
  HospitalCodeParams,
  HospitalCreateBody,
  HospitalList,
  HospitalResult,
  HospitalUpdateBody,
  KeywordEntity,
  KeywordSaveBody,
  Procedure,
  ProcedureCounterpart,
  ProcedureIdParams,
  ProcedureQuestion,
  ProcedureSaveBody,
  ProcedureSearchResponse,
  QuestionCreateBody,
  QuestionEditorResponse,
  QuestionSaveBody,
  QuestionSearchBody,
  SegregationPreviewBody,
  SegregationPreviewResult,
} from './masters';
import { QualityQuery, QualityReport } from './quality';
import { ReviewAssignBody, ReviewAssignResponse, ReviewQueue, ReviewQueueQuery, ReviewSettings, ReviewSettingsBody } from './review';
import { DocumentRequestBody, DocumentRound, DocumentRounds } from './rounds';
import { DecisionLetter, DecisionLetterParams, DecisionLetters } from './letters';
import { DashboardCharts, DashboardChartsQuery } from './dashboard-charts';
import {
  ClaimDecisions,
  DecisionReason,
  DecisionReasonCodeParams,
  DecisionReasonList,
  DecisionReasonResult,
  DecisionReasonSaveBody,
  DecisionsBody,
} from './decisions';
import {
  ProcedureCodesBody,
  Rule,
  RuleBuilderSaveBody,
  RuleDryRunBody,
  RuleDryRunResult,
  RuleExistence,
  RuleExistsResponse,
  RuleKey,
  RuleKeyParams,
  RuleListRow,
  RuleOfProcedure,
  RuleSaveBody,
  RuleSearchBody,
  RuleSearchResponse,
  RuleVersion,
  RuleVersionParams,
} from './rules';

/** A file in the body (never a JSON schema): a CSV, a spreadsheet or a claim's document (`format: binary` in the OpenAPI document). */
export const FileBody = z.string();

export const MEDIA = {
  csv: 'text/csv',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

declare const jsonAnswer: unique symbol;
/** An answer whose body is a file of one of the media types, or the JSON `J` the same call gives without its download flag. */
export interface FileContent<J extends z.ZodType | undefined = z.ZodType | undefined> {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
  /** Only a type: what the JSON answer is. */
  readonly [jsonAnswer]?: J;
}

export function fileContent<J extends z.ZodType | undefined = undefined>(
  description: string,
  mediaTypes: readonly string[],
  json?: J,
): FileContent<NoInfer<J>> {
  const content: FileContent['content'] = Object.fromEntries(mediaTypes.map((type) => [type, { schema: FileBody }]));
  return { description, content: json ? { 'application/json': { schema: json }, ...content } : content };
}

/** One call: what its path, query and body must be, and what it answers on success, by status. */
export interface Endpoint {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The parts of a multipart form (the api reads them itself; its OpenAPI document describes them). */
  multipart?: z.ZodType;
  response: { [status: number]: z.ZodType | FileContent };
}

const answers = <T extends Endpoint['response']>(response: T) => response;
const Deleted = answers({ 200: DetailResponse });
const Done = answers({ 200: MessageResponse });

/** POST /logout?all=true ends every session of the user, not only the presented token's. */
const LogoutQuery = z.object({ all: FlagText.optional() });
/** PUT /claim/batch/{id}?{action}=True: the claims list's batch actions. */
const BatchActionQuery = z.object({
  org: z.string().optional(),
  verify: FlagText.optional(),
  pause: FlagText.optional(),
  resume: FlagText.optional(),
  suspend: FlagText.optional(),
  archive: FlagText.optional(),
  discard: FlagText.optional(),
});
/** POST /procedures/allProcedureSearch, and POST /procedures/search's codes (their names instead of the list's filter). */
const ProcedureCodes = z.array(z.string()).max(1000);
const ProcedureSearchBody = MasterSearchBody.extend({ procedureCodes: ProcedureCodes.optional() });
const ClinicalAttributeReadQuery = MasterItemQuery.extend({ audit: FlagText.optional() });
const RuleReadQuery = OrgQuery.extend({ case_type: z.enum(CASE_TYPE_CODES).optional() });
/** POST /rules?org=&id={id or code}: the rule builder saves only the trees of an existing rule. */
const RuleBuilderSaveQuery = OrgQuery.extend({ id: RuleKey.optional() });
/** POST /rules/search: paging is optional (ListQuery's defaults would always page), its absence asks for the selection names. */
const RuleSearchQuery = OrgQuery.extend({ limit: PageLimit.optional(), page_number: PageNumber.optional() });
const ConsoleSearch = { querystring: ListQuery, body: ConsoleFilterBody, response: answers({ 200: z.array(ConsoleClaimRow) }) };

const KEYWORD = {
  list: { querystring: MasterListQuery, response: answers({ 200: pagedList(KeywordEntity) }) },
  count: { response: answers({ 200: CountResponse }) },
  search: { querystring: ListQuery, body: MasterSearchBody, response: answers({ 200: pagedList(KeywordEntity) }) },
  read: { params: MasterIdParams, querystring: MasterItemQuery, response: answers({ 200: KeywordEntity }) },
  create: { body: KeywordSaveBody, response: answers({ 201: KeywordEntity }) },
  update: { params: MasterIdParams, body: KeywordSaveBody, response: answers({ 200: KeywordEntity }) },
  delete: { params: MasterIdParams, body: DeleteBody, response: Deleted },
} satisfies Record<string, Endpoint>;

type KeywordEndpoints = { [M in KeywordKind as `GET /${M}`]: typeof KEYWORD.list } & {
  [M in KeywordKind as `GET /${M}/count`]: typeof KEYWORD.count;
} & { [M in KeywordKind as `POST /${M}/search`]: typeof KEYWORD.search } & {
  [M in KeywordKind as `GET /${M}/:id`]: typeof KEYWORD.read;
} & { [M in KeywordKind as `POST /${M}`]: typeof KEYWORD.create } & { [M in KeywordKind as `PUT /${M}/:id`]: typeof KEYWORD.update } & {
  [M in KeywordKind as `DELETE /${M}/:id`]: typeof KEYWORD.delete;
};

/** The keyword masters' calls, made per kind as the api's routes are. */
const keywordEndpoints = (): KeywordEndpoints =>
  Object.fromEntries(
    KEYWORD_KINDS.flatMap((kind) => [
      [`GET /${kind}`, KEYWORD.list],
      [`GET /${kind}/count`, KEYWORD.count],
      [`POST /${kind}/search`, KEYWORD.search],
      [`GET /${kind}/:id`, KEYWORD.read],
      [`POST /${kind}`, KEYWORD.create],
      [`PUT /${kind}/:id`, KEYWORD.update],
      [`DELETE /${kind}/:id`, KEYWORD.delete],
    ]),
  ) as KeywordEndpoints;

const OTHER_ENDPOINTS = {
  // session
  'POST /login': { body: LoginForm, response: answers({ 200: LoginResponse }) },
  'POST /logout': { querystring: LogoutQuery, response: Deleted },
  'POST /marketing/signup': { body: SignupForm, response: answers({ 200: SignupResponse }) },
  'GET /version': { response: answers({ 200: VersionResponse }) },
  'GET /me': { response: answers({ 200: MeResponse }) },

  // claims
  'GET /claims': { querystring: ClaimListQuery, response: answers({ 200: ClaimListResponse }) },
  'POST /claims/search': {
    querystring: ClaimSearchQuery,
    body: ClaimSearchBody,
    response: answers({ 200: fileContent('The page of claims, or the CSV file', [MEDIA.csv], z.array(ClaimListRow)) }),
  },
  'GET /claims/:claimId': { params: ClaimIdParams, querystring: OrgQuery, response: answers({ 200: Claim }) },
  'GET /claims/uploadLimits': { response: answers({ 200: UploadLimits }) },
  'POST /claims': {
    querystring: OrgQuery,
    multipart: ClaimCreateFields.extend({ documents: z.array(FileBody).min(1) }),
    response: answers({ 200: ClaimCreateResponse }),
  },
  'PUT /claims/:claimId': { params: ClaimIdParams, querystring: OrgQuery, body: ClaimRerunForm, response: answers({ 200: Claim }) },
  'POST /claims/:claimId/adjudicate': {
    params: ClaimIdParams,
    querystring: OrgQuery,
    body: FindingsBody,
    response: answers({ 200: Claim }),
  },
  'GET /claims/:claimId/documents/:documentId': {
    params: ClaimDocumentParams,
    querystring: OrgQuery,
    response: answers({
      200: fileContent('The document as uploaded', CLAIM_UPLOAD_TYPES),
      206: fileContent('The byte range of the document the Range header asked for', CLAIM_UPLOAD_TYPES),
    }),
  },
  'GET /claims/:claimId/documents/:documentId/text': {
    params: ClaimDocumentParams,
    querystring: OrgQuery,
    response: answers({ 200: DocumentText }),
  },
  'GET /claims/:claimId/questions': { params: ClaimIdParams, querystring: OrgQuery, response: answers({ 200: ClaimQuestions }) },
  'POST /claims/:claimId/questions': {
    params: ClaimIdParams,
    querystring: OrgQuery,
    body: ClaimAnswersBody,
    response: answers({ 200: ClaimAnswersResponse }),
  },
  'POST /claims/:claimId/verification/cancel': { params: ClaimIdParams, querystring: OrgQuery, response: Done },
  'POST /claims/:claimId/letters': { params: ClaimIdParams, querystring: OrgQuery, response: answers({ 201: DecisionLetter }) },
  'GET /claims/:claimId/letters': { params: ClaimIdParams, querystring: OrgQuery, response: answers({ 200: DecisionLetters }) },
  'GET /claims/:claimId/letters/:letterId': {
    params: DecisionLetterParams,
    querystring: OrgQuery,
    response: answers({ 200: fileContent('The letter as it was made', [MEDIA.pdf]) }),
  },
  'GET /claims/:claimId/documentRequests': { params: ClaimIdParams, querystring: OrgQuery, response: answers({ 200: DocumentRounds }) },
  'POST /claims/:claimId/documentRequests': {
    params: ClaimIdParams,
    querystring: OrgQuery,
    body: DocumentRequestBody,
    response: answers({ 201: DocumentRound }),
  },
  'POST /claims/:claimId/documents': {
    params: ClaimIdParams,
    querystring: OrgQuery,
    multipart: z.object({ documents: z.array(FileBody).min(1) }),
    response: answers({ 201: DocumentRound }),
  },
  'GET /claims/:claimId/decisions': { params: ClaimIdParams, querystring: OrgQuery, response: answers({ 200: ClaimDecisions }) },
  'POST /claims/:claimId/decisions': {
    params: ClaimIdParams,
    querystring: OrgQuery,
    body: DecisionsBody,
    response: answers({ 201: ClaimDecisions }),
  },
  'GET /claims/:claimId/annotation': { params: ClaimIdParams, querystring: OrgQuery, response: answers({ 200: ErrorAnnotations }) },
  'POST /claims/:claimId/annotation': {
    params: ClaimIdParams,
    querystring: OrgQuery,
    body: ErrorAnnotationBody,
    response: answers({ 200: ErrorAnnotations }),
  },
  'PUT /claims/:claimId/annotation': {
    params: ClaimIdParams,
    querystring: OrgQuery,
    body: ErrorAnnotationBody,
    response: answers({ 200: ErrorAnnotations }),
  },
  'POST /claims/dashboard/count': { querystring: DashboardQuery, response: answers({ 200: z.array(DashboardRow) }) },
  'GET /claims/dashboard/quality': { querystring: QualityQuery, response: answers({ 200: QualityReport }) },
  'GET /review/queue': { querystring: ReviewQueueQuery, response: answers({ 200: ReviewQueue }) },
  'POST /review/assign': { body: ReviewAssignBody, response: answers({ 200: ReviewAssignResponse }) },
  'GET /review/settings': { response: answers({ 200: ReviewSettings }) },
  'PUT /review/settings': { body: ReviewSettingsBody, response: answers({ 200: ReviewSettings }) },
  'GET /claims/dashboard/charts': { querystring: DashboardChartsQuery, response: answers({ 200: DashboardCharts }) },

  // batches
  'POST /claim/batch/create': { querystring: OrgQuery, body: BatchCreateBody, response: answers({ 200: BatchCreateResponse }) },
  'POST /claim/batch/leaving': { querystring: OrgQuery, body: BatchLeavingBody, response: answers({ 200: z.array(BatchLeaving) }) },
  'GET /claim/batch': { querystring: BatchListQuery, response: answers({ 200: z.array(BatchRow) }) },
  'POST /claim/batch/search': { querystring: BatchListQuery, body: ConsoleFilterBody, response: answers({ 200: z.array(BatchRow) }) },
  'GET /claim/batch/names': { querystring: BatchQuery, response: answers({ 200: z.array(BatchName) }) },
  'GET /claim/batch/progress': { querystring: BatchProgressQuery, response: answers({ 200: z.array(BatchProgress) }) },
  'GET /claim/batch/:batchId': { params: BatchIdParams, querystring: BatchListQuery, response: answers({ 200: z.array(ClaimListRow) }) },
  'POST /redirect': { querystring: ListQuery, body: RedirectOtherBody, response: answers({ 200: z.array(ClaimListRow) }) },
  'POST /redirectOther': { querystring: ListQuery, body: RedirectOtherBody, response: answers({ 200: z.array(ConsoleClaimRow) }) },
  'PUT /claim/batch/:batchId': { params: BatchIdParams, querystring: BatchActionQuery, response: answers({ 200: BatchActionResponse }) },
  'PUT /claim/batch/batchStatus': { querystring: BatchQuery, body: BatchStatusBody, response: Done },
  'PUT /claim/batch/priority': { querystring: OrgQuery, body: BatchPriorityBody, response: Done },
  'PUT /claim/batch/suspend/batch': { querystring: OrgQuery, body: BatchStopBody, response: Done },
  'PUT /claim/batch/archive/batch': { querystring: OrgQuery, body: BatchStopBody, response: Done },
  'PUT /claim/batch/discard/batch': { querystring: OrgQuery, body: BatchStopBody, response: Done },
  'PUT /claim/batch/reupload': { querystring: OrgQuery, body: ReuploadBody, response: answers({ 200: ReuploadResponse }) },
  'DELETE /claim/batch/drop': { querystring: BatchQuery, body: BatchNamesBody, response: Done },
  'POST /claim/batch/batchReport': {
    querystring: BatchQuery,
    body: BatchNamesBody,
    response: answers({ 200: fileContent('One sheet, a row per claim of the batches', [MEDIA.xlsx]) }),
  },
  'POST /claim/batch/assignBatches/equally': { querystring: OrgQuery, body: AssignEquallyBody, response: Done },
  'POST /claim/batch/assignBatches/assignSpecified': { querystring: OrgQuery, body: AssignSpecifiedBody, response: Done },
  'PUT /claim/batch/assignDate/update': { querystring: OrgQuery, body: AssignDateBody, response: Done },

  // the console
  'GET /downloadedCount': { querystring: BatchQuery, response: answers({ 200: DownloadedCount }) },
  'GET /claim/batch/filterOptions': { querystring: OrgQuery, response: answers({ 200: ConsoleFilterOptions }) },
  'POST /claim/batch/uploads/search': ConsoleSearch,
  'POST /claim/batch/downloadFailed/search': ConsoleSearch,
  'POST /claim/batch/uploadFailed/search': ConsoleSearch,
  'PUT /claims/addProcName': { querystring: BatchQuery, body: AddProcNameBody, response: Done },
  'DELETE /claims/drop': { querystring: BatchQuery, body: ClaimIdListBody, response: Done },
  'PUT /claims/status': { querystring: BatchQuery, body: ClaimStatusBody, response: Done },
  'GET /claim/batch/refreshDownloads': { querystring: BatchQuery, response: answers({ 200: RefreshDownloadsResponse }) },
  'GET /claim/batch/manifestLimits': { response: answers({ 200: ManifestLimits }) },
  'POST /claim/batch/uploadManifest': {
    querystring: OrgQuery,
    multipart: z.object({ manifest: FileBody, documents: z.array(FileBody) }),
    response: answers({ 200: RefreshDownloadsResponse }),
  },
  'GET /users': { querystring: UsersQuery, response: answers({ 200: z.array(OrgUser) }) },

  // annotation
  'GET /annotation/getUsers': { response: answers({ 200: AnnotationUsers }) },
  'GET /annotationErrorCategory': { response: answers({ 200: z.array(ErrorCategory) }) },
  'GET /annotation': { querystring: PageQuery, response: answers({ 200: z.array(Annotation) }) },
  'GET /annotation/generateReport': { response: answers({ 200: fileContent('Every annotation, one row each', [MEDIA.xlsx]) }) },
  'GET /annotation/:id': { params: IdParams, response: answers({ 200: Annotation }) },
  'POST /annotation': { body: AnnotationBody, response: answers({ 201: Annotation }) },
  'PUT /annotation/:id': { params: IdParams, body: AnnotationBody, response: answers({ 200: Annotation }) },

  // hospitals
  'GET /hospitals': { querystring: MasterListQuery, response: answers({ 200: HospitalList }) },
  'POST /hospitals/search': { querystring: PageQuery, body: MasterSearchBody, response: answers({ 200: pagedResults(Hospital) }) },
  'GET /hospitals/:code': { params: HospitalCodeParams, response: answers({ 200: HospitalResult }) },
  'POST /hospitals': { body: HospitalCreateBody, response: answers({ 201: HospitalResult }) },
  'PUT /hospitals/:code': { params: HospitalCodeParams, body: HospitalUpdateBody, response: answers({ 200: HospitalResult }) },
  'DELETE /hospitals/:code': { params: HospitalCodeParams, body: DeleteBody, response: Deleted },

  // decision reasons
  'GET /decisionReasons': { querystring: MasterListQuery, response: answers({ 200: DecisionReasonList }) },
  'POST /decisionReasons/search': {
    querystring: PageQuery,
    body: MasterSearchBody,
    response: answers({ 200: pagedResults(DecisionReason) }),
  },
  'GET /decisionReasons/:code': { params: DecisionReasonCodeParams, response: answers({ 200: DecisionReasonResult }) },
  'POST /decisionReasons': { body: DecisionReasonSaveBody, response: answers({ 201: DecisionReasonResult }) },
  'PUT /decisionReasons/:code': {
    params: DecisionReasonCodeParams,
    body: DecisionReasonSaveBody,
    response: answers({ 200: DecisionReasonResult }),
  },

  // procedures
  'GET /procedures': { querystring: MasterListQuery, response: answers({ 200: pagedList(Procedure) }) },
  'GET /procedures/count': { response: answers({ 200: CountResponse }) },
  'POST /procedures/search': {
    querystring: ListQuery.partial(),
    body: ProcedureSearchBody,
    response: answers({ 200: ProcedureSearchResponse }),
  },
  'POST /procedures/allProcedureSearch': {
    body: z.object({ procedureCodes: ProcedureCodes }),
    response: answers({ 200: z.array(ProcedureCounterpart) }),
  },
  'GET /procedures/:id': { params: ProcedureIdParams, querystring: MasterItemQuery, response: answers({ 200: Procedure }) },
  'POST /procedures': { body: ProcedureSaveBody, response: answers({ 201: Procedure }) },
  'PUT /procedures/:id': { params: ProcedureIdParams, body: ProcedureSaveBody, response: answers({ 200: Procedure }) },
  'DELETE /procedures/:id': { params: ProcedureIdParams, body: DeleteBody, response: Deleted },

  // clinical attributes and test units
  'GET /clinicalAttribute': { querystring: MasterListQuery, response: answers({ 200: pagedList(ClinicalAttribute) }) },
  'POST /clinicalAttribute/search': {
    querystring: ListQuery,
    body: MasterSearchBody,
    response: answers({ 200: pagedList(ClinicalAttribute) }),
  },
  'GET /clinicalAttribute/:id': {
    params: MasterIdParams,
    querystring: ClinicalAttributeReadQuery,
    response: answers({ 200: ClinicalAttribute }),
  },
  'POST /clinicalAttribute': { body: ClinicalAttributeSaveBody, response: answers({ 201: ClinicalAttribute }) },
  'PUT /clinicalAttribute/:id': { params: MasterIdParams, body: ClinicalAttributeSaveBody, response: answers({ 200: ClinicalAttribute }) },
  'DELETE /clinicalAttribute/:id': { params: MasterIdParams, body: DeleteBody, response: Deleted },
  'POST /clinicalAttribute/try': { body: ClinicalAttributeTryBody, response: answers({ 200: ClinicalAttributeTryResponse }) },
  'GET /clinicalUnit': { querystring: MasterListQuery, response: answers({ 200: pagedList(ClinicalUnit) }) },
  'POST /clinicalUnit/search': { querystring: ListQuery, body: MasterSearchBody, response: answers({ 200: pagedList(ClinicalUnit) }) },
  'GET /clinicalUnit/:id': { params: MasterIdParams, querystring: MasterItemQuery, response: answers({ 200: ClinicalUnit }) },
  'POST /clinicalUnit': { body: ClinicalUnitSaveBody, response: answers({ 201: ClinicalUnit }) },
  'PUT /clinicalUnit/:id': { params: MasterIdParams, body: ClinicalUnitSaveBody, response: answers({ 200: ClinicalUnit }) },
  'DELETE /clinicalUnit/:id': { params: MasterIdParams, body: DeleteBody, response: Deleted },

  // document segregation
  'GET /docgroups': { querystring: MasterListQuery, response: answers({ 200: pagedList(Docgroup) }) },
  'POST /docgroups/search': { querystring: ListQuery, body: MasterSearchBody, response: answers({ 200: pagedList(Docgroup) }) },
  'GET /docgroups/:id': { params: IdParams, response: answers({ 200: Docgroup }) },
  'POST /docgroups': { body: DocgroupSaveBody, response: answers({ 201: Docgroup }) },
  'PUT /docgroups': { body: DocgroupUpsertBody, response: answers({ 200: Docgroup, 201: Docgroup }) },
  'POST /docgroups/dryRun': { body: SegregationPreviewBody, response: answers({ 200: SegregationPreviewResult }) },
  'PUT /docgroups/:id': { params: IdParams, body: DocgroupSaveBody, response: answers({ 200: Docgroup }) },
  'DELETE /docgroups/:id': { params: IdParams, body: DeleteBody, response: Deleted },

  // rules
  'GET /rules': { querystring: ListQuery, response: answers({ 200: z.array(RuleListRow) }) },
  'POST /rules/search': { querystring: RuleSearchQuery, body: RuleSearchBody, response: answers({ 200: RuleSearchResponse }) },
  'POST /rules/existence': { querystring: OrgQuery, body: ProcedureCodesBody, response: answers({ 200: RuleExistence }) },
  'POST /rules/searchPcode': { querystring: OrgQuery, body: ProcedureCodesBody, response: answers({ 200: z.array(RuleOfProcedure) }) },
  'GET /rules/exists/:id': { params: IdParams, querystring: OrgQuery, response: answers({ 200: RuleExistsResponse }) },
  'GET /rules/:id': { params: RuleKeyParams, querystring: RuleReadQuery, response: answers({ 200: Rule }) },
  'POST /rules': {
    querystring: RuleBuilderSaveQuery,
    body: z.union([RuleSaveBody, RuleBuilderSaveBody]),
    response: answers({ 200: Rule, 201: Rule }),
  },
  'PUT /rules/:id': { params: RuleKeyParams, querystring: OrgQuery, body: RuleSaveBody, response: answers({ 200: Rule }) },
  'GET /rules/:id/versions': { params: IdParams, querystring: OrgQuery, response: answers({ 200: z.array(RuleVersion) }) },
  'POST /rules/:id/versions/:version/restore': { params: RuleVersionParams, querystring: OrgQuery, response: answers({ 200: Rule }) },
  'POST /rules/dryRun': { querystring: OrgQuery, body: RuleDryRunBody, response: answers({ 200: RuleDryRunResult }) },
  'DELETE /rules/:id': { params: RuleKeyParams, querystring: OrgQuery, body: DeleteBody, response: Deleted },

  // procedure protocol questions
  'GET /ppq': { querystring: MasterListQuery, response: answers({ 200: z.array(ProcedureQuestion) }) },
  'POST /ppq/search': { querystring: ListQuery, body: QuestionSearchBody, response: answers({ 200: z.array(ProcedureQuestion) }) },
  'GET /ppq/editors/me': { response: answers({ 200: QuestionEditorResponse }) },
  'GET /ppq/:id': { params: IdParams, querystring: OrgQuery, response: answers({ 200: z.array(ProcedureQuestion) }) },
  'POST /ppq': { querystring: OrgQuery, body: QuestionCreateBody, response: answers({ 201: z.array(ProcedureQuestion) }) },
  'PUT /ppq/:id': {
    params: IdParams,
    querystring: OrgQuery,
    body: QuestionSaveBody,
    response: answers({ 200: z.array(ProcedureQuestion) }),
  },
  'DELETE /ppq/:id': { params: IdParams, querystring: OrgQuery, response: Deleted },

  // the audit log of masters, rules and questions
  'GET /audit/export': {
    querystring: AuditExportQuery,
    response: answers({ 200: fileContent('The audit log of the period as a workbook', [MEDIA.xlsx]) }),
  },
  'GET /audit/:entity/:key': { params: AuditRecordParams, querystring: AuditHistoryQuery, response: answers({ 200: AuditHistoryPage }) },
} satisfies Record<string, Endpoint>;

export const ENDPOINTS = { ...keywordEndpoints(), ...OTHER_ENDPOINTS };

export type Endpoints = typeof ENDPOINTS;
/** 'GET /hospitals': a call of the table. */
export type ApiCall = keyof Endpoints;

type AnswerOf<R> =
  R extends FileContent<infer J> ? Blob | (J extends z.ZodType ? z.output<J> : never) : R extends z.ZodType ? z.output<R> : never;
type Answers<E extends Endpoint> = E['response'][keyof E['response']];
/** What each call answers on success (any of its statuses); a file is a Blob. */
export type ApiResponses = { [K in ApiCall]: AnswerOf<Answers<Endpoints[K]>> };
/** The statuses a call answers on success. */
export type ApiStatus<K extends ApiCall> = keyof Endpoints[K]['response'] & number;

/** A call whose query flag chooses its answer: `flagged` with the flag set, `plain` without it (the row allows both). */
interface FlagAnswer<F extends string, Flagged, Plain> {
  flag: F;
  flagged: Flagged;
  plain: Plain;
}
/** The calls whose answer a query flag chooses. */
interface FlagAnswers {
  /** `downloaded=true`: the console's rows; otherwise the review list's. */
  'GET /claims': FlagAnswer<'downloaded', z.output<typeof ConsoleClaimRow>[], z.output<typeof ClaimListRow>[]>;
  /** `download=True`: the CSV file; otherwise the page. */
  'POST /claims/search': FlagAnswer<'download', Blob, z.output<typeof ClaimListRow>[]>;
}
/** Whether a flag's value sets it (FlagText's true spellings); boolean when the type does not tell. */
type IsSet<V> = V extends true | 'true' | 'True' | '1' ? true : false;
type FlagValue<Q, F extends string> = Q extends { [P in F]?: infer V } ? V : undefined;
type Chosen<A extends FlagAnswer<string, unknown, unknown>, S> = [S] extends [true]
  ? A['flagged']
  : [S] extends [false]
    ? A['plain']
    : A['flagged'] | A['plain'];
/** What a call sent with `query` answers: a flag call's chosen answer, any call's else. */
export type ApiAnswer<K extends ApiCall, Q> = K extends keyof FlagAnswers
  ? Chosen<FlagAnswers[K], IsSet<FlagValue<Q, FlagAnswers[K]['flag']>>>
  : ApiResponses[K];

type InputOf<E, P extends string> = E extends { [Q in P]: infer S extends z.ZodType } ? z.input<S> : undefined;
/** What a call sends: its path parameters, query and body (a multipart call's body is the FormData of its parts). */
export interface ApiRequest<K extends ApiCall> {
  params: InputOf<Endpoints[K], 'params'>;
  query: InputOf<Endpoints[K], 'querystring'>;
  body: Endpoints[K] extends { multipart: z.ZodType } ? FormData : InputOf<Endpoints[K], 'body'>;
}
