/**
 * Every call the front end makes, by 'METHOD /path' (path parameters as `:name`, as the api's routes
 * name them), with what it answers. The test fake is typed by it, so a component test can only state
 * an answer of the shape the real api gives.
 */
import type { LoginResponse, MeResponse, SignupResponse, VersionResponse } from './auth';
import type { BatchCreateResponse, BatchRow, ConsoleClaimRow, DownloadedCount } from './batches';
import type { Annotation, ErrorAnnotations, ErrorCategory } from './annotations';
import type { Claim, ClaimCreateResponse, ClaimListRow, DashboardRow, DocumentText, UploadLimits } from './claims';
import type { Paged, PagedResults } from './common';
import type { KeywordModule } from '../constants';
import type {
  ClaimAnswersResponse,
  ClaimQuestions,
  ClinicalAttribute,
  Hospital,
  HospitalResult,
  KeywordEntity,
  Procedure,
} from './masters';
import type { Rule, RuleListRow } from './rules';

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
  'GET /claims/uploadLimits': UploadLimits;
  'POST /claims': ClaimCreateResponse;
  'GET /claims/:claimId': Claim;
  'PUT /claims/:claimId': Claim;
  'POST /claims/:claimId/adjudicate': Claim;
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
  'GET /hospitals': PagedResults<Hospital> | Hospital[];
  'POST /hospitals/search': PagedResults<Hospital>;
  'GET /hospitals/:code': HospitalResult;
  'POST /hospitals': Done;
  'PUT /hospitals/:code': Done;
  'DELETE /hospitals/:code': Done;
  'GET /clinicalAttribute': ClinicalAttribute[] | { results: ClinicalAttribute[] };
  // rules
  'GET /rules': RuleListRow[];
  'POST /rules/search': RuleListRow[];
  'GET /rules/:id': Rule;
};

export type ApiCall = keyof ApiResponses;
