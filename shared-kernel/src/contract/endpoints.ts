/**
 * Every call the front end makes, by 'METHOD /path' (path parameters as `:name`, as the api's routes
 * name them), with what it answers. The test fake is typed by it, so a component test can only state
 * an answer of the shape the real api gives.
 */
import type { LoginResponse, MeResponse, SignupResponse, VersionResponse } from './auth';
import type {
  BatchCreateResponse,
  BatchLeaving,
  BatchName,
  BatchProgress,
  BatchRow,
  ConsoleClaimRow,
  ConsoleFilterOptions,
  DownloadedCount,
  ManifestLimits,
  OrgUser,
  RefreshDownloadsResponse,
  ReuploadResponse,
} from './batches';
import type { MessageResponse } from './common';
import type { Annotation, ErrorAnnotations, ErrorCategory } from './annotations';
import type { AuditHistoryPage } from './audit';
import type { Claim, ClaimCreateResponse, ClaimListRow, DashboardRow, DocumentText, UploadLimits } from './claims';
import type { Paged, PagedResults } from './common';
import type { QualityReport } from './quality';
import type { KeywordModule } from '../constants';
import type {
  ClaimAnswersResponse,
  ClaimQuestions,
  ClinicalAttribute,
  ClinicalAttributeTryResponse,
  ClinicalUnit,
  Docgroup,
  SegregationPreviewResult,
  Hospital,
  HospitalResult,
  KeywordEntity,
  Procedure,
  ProcedureQuestion,
  QuestionEditorResponse,
} from './masters';
import type { Rule, RuleDryRunResult, RuleExistence, RuleListRow, RuleOfProcedure, RuleSelectionNames, RuleVersion } from './rules';

/** The calls whose answer is a file (CSV, xlsx, a document). */
type FileAnswer = Blob;
/** A call answered with no body the screens read. */
type Done = unknown;

type KeywordEndpoints = { [M in KeywordModule as `GET /${M}`]: Paged<KeywordEntity>[] | KeywordEntity[] } & {
  [M in KeywordModule as `POST /${M}/search`]: Paged<KeywordEntity>[];
} & { [M in KeywordModule as `GET /${M}/:id`]: KeywordEntity } & { [M in KeywordModule as `POST /${M}`]: Done } & {
  [M in KeywordModule as `PUT /${M}/:id`]: Done;
} & { [M in KeywordModule as `DELETE /${M}/:id`]: Done };

export type ApiResponses = KeywordEndpoints & {
  // session
  'POST /login': LoginResponse;
  'POST /logout': Done;
  'POST /marketing/signup': SignupResponse;
  'GET /version': VersionResponse;
  'GET /me': MeResponse;
  // claims
  'GET /claims': ClaimListRow[] | ConsoleClaimRow[];
  'POST /claims/search': ClaimListRow[] | FileAnswer;
  'POST /claims/dashboard/count': DashboardRow[];
  'GET /claims/dashboard/quality': QualityReport;
  'GET /claims/uploadLimits': UploadLimits;
  'POST /claims': ClaimCreateResponse;
  'GET /claims/:claimId': Claim;
  'PUT /claims/:claimId': Claim;
  'POST /claims/:claimId/adjudicate': Claim;
  'POST /claims/:claimId/verification/cancel': MessageResponse;
  'GET /claims/:claimId/documents/:documentId': FileAnswer;
  'GET /claims/:claimId/documents/:documentId/text': DocumentText;
  'GET /claims/:claimId/questions': ClaimQuestions;
  'POST /claims/:claimId/questions': ClaimAnswersResponse;
  'GET /claims/:claimId/annotation': ErrorAnnotations;
  'POST /claims/:claimId/annotation': ErrorAnnotations;
  'PUT /claims/:claimId/annotation': ErrorAnnotations;
  // batches and the console
  'GET /claim/batch': BatchRow[];
  'POST /claim/batch/create': BatchCreateResponse;
  'POST /claim/batch/leaving': BatchLeaving[];
  'POST /claim/batch/search': BatchRow[];
  'POST /claim/batch/:tab/search': ConsoleClaimRow[];
  'POST /redirect': ClaimListRow[];
  'POST /redirectOther': ConsoleClaimRow[];
  'POST /claim/batch/batchReport': FileAnswer;
  'PUT /claim/batch/batchStatus': Done;
  'PUT /claim/batch/suspend/batch': Done;
  'PUT /claim/batch/archive/batch': Done;
  'DELETE /claim/batch/drop': Done;
  'GET /downloadedCount': DownloadedCount;
  'GET /claim/batch/names': BatchName[];
  'GET /claim/batch/progress': BatchProgress[];
  'GET /claim/batch/refreshDownloads': RefreshDownloadsResponse;
  'GET /claim/batch/manifestLimits': ManifestLimits;
  'POST /claim/batch/uploadManifest': RefreshDownloadsResponse;
  'PUT /claim/batch/priority': MessageResponse;
  'PUT /claim/batch/discard/batch': MessageResponse;
  'PUT /claim/batch/reupload': ReuploadResponse;
  'GET /claim/batch/filterOptions': ConsoleFilterOptions;
  'PUT /claim/batch/:batchId': BatchRow & MessageResponse;
  'POST /claim/batch/assignBatches/equally': MessageResponse;
  'POST /claim/batch/assignBatches/assignSpecified': MessageResponse;
  'PUT /claim/batch/assignDate/update': MessageResponse;
  'PUT /claims/addProcName': MessageResponse;
  'DELETE /claims/drop': MessageResponse;
  'PUT /claims/status': MessageResponse;
  'GET /users': OrgUser[];
  // annotation
  'GET /annotation/getUsers': string[];
  'GET /annotation/generateReport': FileAnswer;
  'GET /annotation': Annotation[];
  'GET /annotation/:id': Annotation;
  'POST /annotation': Annotation;
  'PUT /annotation/:id': Annotation;
  'GET /annotationErrorCategory': ErrorCategory[];
  // masters
  'GET /procedures': Procedure[] | PagedResults<Procedure>;
  'GET /procedures/count': number;
  'POST /procedures/search': Paged<Procedure>[] | { procedure_code: string; name: string }[];
  'GET /procedures/:id': Procedure;
  'POST /procedures': Procedure;
  'PUT /procedures/:id': Procedure;
  'DELETE /procedures/:id': Done;
  'GET /clinicalUnit': Paged<ClinicalUnit>[];
  'POST /clinicalUnit/search': Paged<ClinicalUnit>[];
  'GET /clinicalUnit/:id': ClinicalUnit;
  'POST /clinicalUnit': ClinicalUnit;
  'PUT /clinicalUnit/:id': ClinicalUnit;
  'DELETE /clinicalUnit/:id': Done;
  'GET /hospitals': PagedResults<Hospital> | Hospital[];
  'POST /hospitals/search': PagedResults<Hospital>;
  'GET /hospitals/:code': HospitalResult;
  'POST /hospitals': Done;
  'PUT /hospitals/:code': Done;
  'DELETE /hospitals/:code': Done;
  'GET /docgroups': Paged<Docgroup>[];
  'POST /docgroups/search': Paged<Docgroup>[];
  'GET /docgroups/:id': Docgroup;
  'POST /docgroups': Docgroup;
  'PUT /docgroups/:id': Docgroup;
  'DELETE /docgroups/:id': Done;
  'POST /docgroups/dryRun': SegregationPreviewResult;
  'GET /clinicalAttribute': Paged<ClinicalAttribute>[] | { results: ClinicalAttribute[] };
  'POST /clinicalAttribute/search': Paged<ClinicalAttribute>[];
  'GET /clinicalAttribute/:id': ClinicalAttribute;
  'POST /clinicalAttribute': ClinicalAttribute;
  'PUT /clinicalAttribute/:id': ClinicalAttribute;
  'DELETE /clinicalAttribute/:id': Done;
  'POST /clinicalAttribute/try': ClinicalAttributeTryResponse;
  // rules
  'GET /rules': RuleListRow[];
  'POST /rules/search': RuleListRow[] | RuleSelectionNames[];
  'GET /rules/:id': Rule;
  'POST /rules': Rule;
  'PUT /rules/:id': Rule;
  'DELETE /rules/:id': Done;
  'GET /rules/exists/:id': boolean;
  'POST /rules/existence': RuleExistence;
  'POST /rules/searchPcode': RuleOfProcedure[];
  'GET /rules/:id/versions': RuleVersion[];
  'POST /rules/:id/versions/:version/restore': Rule;
  'POST /rules/dryRun': RuleDryRunResult;
  // procedure protocol questions
  'GET /ppq': ProcedureQuestion[];
  'POST /ppq/search': ProcedureQuestion[];
  'GET /ppq/editors/me': QuestionEditorResponse;
  'GET /ppq/:id': ProcedureQuestion[];
  'POST /ppq': ProcedureQuestion[];
  'PUT /ppq/:id': ProcedureQuestion[];
  'DELETE /ppq/:id': Done;
  // the audit log of masters, rules and questions
  'GET /audit/:entity/:key': AuditHistoryPage;
  'GET /audit/export': FileAnswer;
};

export type ApiCall = keyof ApiResponses;
