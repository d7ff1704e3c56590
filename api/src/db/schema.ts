/**
 * The database of the suite (drizzle, PostgreSQL 15 compatible: the same migrations run on embedded
 * PGlite and on a real server). Every timestamp is timestamptz and written in UTC.
 *
 * Wire names follow the spec; column names are snake_case.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AdjudicationResult } from '@claims/shared-kernel/constants';
import type { Decision } from '@claims/shared-kernel/contract';
import type { KeywordKind } from '@claims/shared-kernel/constants';

export type { KeywordKind };
import type {
  AuditAction,
  AuditEntry,
  DocgroupConfig,
  DocumentOverride,
  PatternOverride,
  PreviousVerification,
  ProcedureVerification,
  RuleSelections,
  RuleStatement,
} from '@claims/shared-kernel/contract';
import type { ReadPage } from '../verification/types';

/** Raw file bytes. pg answers a Buffer, PGlite a Uint8Array: both are handed out as Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});

const utc = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => utc('created_at').notNull().defaultNow();

/** Who created and last changed a master row (the generic view screen shows these). */
const audit = () => ({
  createdBy: text('created_by'),
  createdAt: createdAt(),
  lastModifiedBy: text('last_modified_by'),
  lastModifiedAt: utc('last_modified_at'),
});

// ---------------------------------------------------------------------------------------------
// Organisations, users, sessions
// ---------------------------------------------------------------------------------------------

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  /** The organisation code used everywhere on the wire (vitraya, starhealth, maxbupa, bajaj, ML, vitraya-demo). */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    organization: text('organization')
      .notNull()
      .references(() => organizations.code, { onUpdate: 'cascade' }),
    role: text('role').$type<'super_user' | 'user'>().notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * The generation of the user's tokens: every token carries the one it was issued under, and one of an
     * older generation is refused. `POST /logout?all=true` bumps it, ending every session of the user.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

/**
 * The addresses each account has signed in from successfully: a sign-in from one of them goes through while the
 * account is throttled for the others (auth/login-throttle.ts), so failures from elsewhere cannot lock the user out.
 * Forgotten after KNOWN_ADDRESS_DAYS without a sign-in from there.
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSignedInAt: utc('last_signed_in_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/** Tokens ended by POST /logout, kept until they would have expired anyway. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    username: text('username').notNull(),
    expiresAt: utc('expires_at').notNull(),
    revokedAt: utc('revoked_at').notNull().defaultNow(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Failed sign-ins within the throttle's window, shared by every process on PostgreSQL (auth/shared-failures.ts;
 * the embedded database counts in memory). `key` is the account, or the account and an address.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    failedAt: utc('failed_at').notNull(),
  },
  (t) => [index('sign_in_failures_key_idx').on(t.key, t.failedAt), index('sign_in_failures_failed_at_idx').on(t.failedAt)],
);

/** Requests per rate-limit key (route, and address or user) in its current window, shared by every process on PostgreSQL (http/rate-limits.ts). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: utc('window_ends_at').notNull(),
  },
  (t) => [index('rate_limit_hits_window_ends_idx').on(t.windowEndsAt)],
);

export const signups = pgTable('signups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  organization: text('organization').notNull(),
  email: text('email').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Master data
// ---------------------------------------------------------------------------------------------

/**
 * The keyword masters share one shape (name + ordered aliases), so they share one table; `kind` is
 * the route module name. Diagnoses also carry an ICD code. Procedure groups are a kind too.
 */

export const keywordMasters = pgTable(
  'keyword_masters',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<KeywordKind>().notNull(),
    name: text('name').notNull(),
    alias: jsonb('alias').$type<string[]>().notNull().default([]),
    icdCode: text('icd_code'),
    ...audit(),
  },
  (t) => [
    uniqueIndex('keyword_masters_kind_name_idx').on(t.kind, sql`lower(${t.name})`),
    /** An ICD code names one diagnosis (only diagnoses carry one; rows without a code do not collide). */
    uniqueIndex('keyword_masters_icd_code_idx').on(t.kind, sql`lower(${t.icdCode})`),
  ],
);

export const procedures = pgTable(
  'procedures',
  {
    id: serial('id').primaryKey(),
    procedureCode: text('procedure_code').notNull(),
    name: text('name').notNull(),
    snomedctCode: text('snomedct_code').notNull(),
    procedureGroupId: integer('procedure_group_id').references(() => keywordMasters.id, { onDelete: 'restrict' }),
    alias: jsonb('alias').$type<string[]>().notNull().default([]),
    ...audit(),
  },
  (t) => [uniqueIndex('procedures_code_idx').on(t.procedureCode), index('procedures_name_idx').on(t.name)],
);

export const hospitals = pgTable('hospitals', {
  id: serial('id').primaryKey(),
  hospitalCode: text('hospital_code').notNull().unique(),
  name: text('name').notNull(),
  ...audit(),
});

/** A document segregation group: a set of hospitals and, per document type, how to cut it out. */
export const docgroups = pgTable('docgroups', {
  id: serial('id').primaryKey(),
  ...audit(),
});

export const docgroupHospitals = pgTable(
  'docgroup_hospitals',
  {
    docgroupId: integer('docgroup_id')
      .notNull()
      .references(() => docgroups.id, { onDelete: 'cascade' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
  },
  (t) => [unique('docgroup_hospitals_pk').on(t.docgroupId, t.hospitalId), index('docgroup_hospitals_hospital_idx').on(t.hospitalId)],
);

export const docgroupConfigs = pgTable(
  'docgroup_configs',
  {
    id: serial('id').primaryKey(),
    docgroupId: integer('docgroup_id')
      .notNull()
      .references(() => docgroups.id, { onDelete: 'cascade' }),
    /** The document master (keyword_masters kind 'document') this configuration cuts out. */
    documentId: integer('document_id')
      .notNull()
      .references(() => keywordMasters.id, { onDelete: 'cascade' }),
    config: jsonb('config').$type<DocgroupConfig>().notNull(),
  },
  (t) => [unique('docgroup_configs_doc_unique').on(t.docgroupId, t.documentId)],
);

export const clinicalUnits = pgTable('clinical_units', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  alias: jsonb('alias').$type<{ keyword: string; conversion_unit: number }[]>().notNull().default([]),
  ...audit(),
});

export const clinicalAttributes = pgTable('clinical_attributes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  alias: jsonb('alias').$type<string[]>().notNull().default([]),
  valueType: text('value_type').$type<'Text' | 'Number' | 'NumberRange'>().notNull(),
  tabular: boolean('tabular').notNull().default(false),
  distributedAttributeValue: boolean('distributed_attribute_value').notNull().default(false),
  clinicalUnitIds: jsonb('clinical_unit_ids').$type<number[]>().notNull().default([]),
  numberRange: jsonb('number_range').$type<{ lower_limit: number | null; upper_limit: number | null } | null>(),
  textPossibleValues: jsonb('text_possible_values').$type<{ text_value: string; text_value_alias: string[] }[]>().notNull().default([]),
  overrides: jsonb('overrides').$type<DocumentOverride[]>().notNull().default([]),
  overrideMessage: text('override_message'),
  patternOverrides: jsonb('pattern_overrides').$type<PatternOverride[]>().notNull().default([]),
  auditTrail: jsonb('audit_trail').$type<AuditEntry[]>().notNull().default([]),
  ...audit(),
});

// ---------------------------------------------------------------------------------------------
// Rules and questions
// ---------------------------------------------------------------------------------------------

/** A procedure protocol: one per organisation, procedure and case type. */
export const rules = pgTable(
  'rules',
  {
    id: serial('id').primaryKey(),
    org: text('org')
      .notNull()
      .references(() => organizations.code, { onUpdate: 'cascade' }),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id, { onDelete: 'cascade' }),
    caseType: text('case_type').$type<'PRE_AUTH' | 'SETTLEMENT'>().notNull(),
    version: integer('version').notNull().default(1),
    procedureRule: jsonb('procedure_rule').$type<RuleStatement | null>(),
    diagnosisRule: jsonb('diagnosis_rule').$type<RuleStatement | null>(),
    documentRule: jsonb('document_rule').$type<RuleStatement | null>(),
    clinicalTermsRule: jsonb('clinical_terms_rule').$type<RuleStatement | null>(),
    queryRule: jsonb('query_rule').$type<RuleStatement | null>(),
    ruleTemplate: text('rule_template'),
    rulesConfiguration: jsonb('rules_configuration').$type<unknown>(),
    selections: jsonb('selections').$type<RuleSelections>().notNull(),
    modificationHistory: jsonb('modification_history').$type<AuditEntry[]>().notNull().default([]),
    ...audit(),
  },
  (t) => [
    unique('rules_org_procedure_case_type_unique').on(t.org, t.procedureId, t.caseType),
    index('rules_procedure_idx').on(t.procedureId),
  ],
);

/**
 * The saved versions of a rule: what each save (or restore) of the rule held, so its history can list the
 * differences and bring an earlier version back. A rule written before versions were kept (the seed) has no row
 * for its current version until its next save records it. They outlive the rule (no foreign key, its delete records
 * its last version): verdicts name the rule and version that judged them, which must still say what it was.
 */
export const ruleVersions = pgTable(
  'rule_versions',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id').notNull(),
    /** The rule's organisation, so the versions of a deleted rule are shown to whoever could read the rule. */
    org: text('org')
      .notNull()
      .references(() => organizations.code, { onUpdate: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').$type<RuleVersionContent>().notNull(),
    /** The earlier version this one brought back (POST /rules/{id}/versions/{n}/restore). */
    restoredFrom: integer('restored_from'),
    savedBy: text('saved_by'),
    savedAt: utc('saved_at').notNull().defaultNow(),
  },
  (t) => [unique('rule_versions_rule_version_unique').on(t.ruleId, t.version)],
);

/** What a version keeps: everything a save can change. */
export interface RuleVersionContent {
  caseType: 'PRE_AUTH' | 'SETTLEMENT';
  procedureRule: RuleStatement | null;
  diagnosisRule: RuleStatement | null;
  documentRule: RuleStatement | null;
  clinicalTermsRule: RuleStatement | null;
  queryRule: RuleStatement | null;
  ruleTemplate: string | null;
  rulesConfiguration: unknown;
  selections: RuleSelections;
}

export const procedureQuestions = pgTable(
  'procedure_questions',
  {
    id: serial('id').primaryKey(),
    org: text('org')
      .notNull()
      .references(() => organizations.code, { onUpdate: 'cascade' }),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    questionType: text('question_type').$type<'single' | 'multi' | 'radio' | 'numerics'>().notNull(),
    answer: jsonb('answer').$type<string[]>().notNull().default([]),
    entityType: text('entity_type').notNull(),
    ...audit(),
  },
  (t) => [index('procedure_questions_org_procedure_idx').on(t.org, t.procedureId)],
);

/**
 * One audit log for every master, rule, question, claim and batch: who changed which record when, with the fields before and
 * after (only those that changed on an update; null on create or delete). Written in the transaction of the change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A master module (MASTER_KINDS), 'rules', 'procedureQuestions', 'claims' or 'batches'. */
    entity: text('entity').notNull(),
    /** The record's key as the routes name it (a code or an id). */
    key: text('key').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    username: text('username').notNull(),
    at: utc('at').notNull().defaultNow(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('audit_log_entity_key_at_idx').on(t.entity, t.key, t.at), index('audit_log_at_idx').on(t.at)],
);

// ---------------------------------------------------------------------------------------------
// Claims, documents, batches, the job queue
// ---------------------------------------------------------------------------------------------

export const batches = pgTable(
  'batches',
  {
    id: serial('id').primaryKey(),
    batchName: text('batch_name').notNull(),
    org: text('org')
      .notNull()
      .references(() => organizations.code, { onUpdate: 'cascade' }),
    /** Batches of claims downloaded from insurers (the console) versus batches made from the review list. */
    downloaded: boolean('downloaded').notNull().default(false),
    /** Lower runs first. */
    priority: integer('priority').notNull().default(100),
    status: text('status').notNull().default('CREATED'),
    allocationStatus: text('allocation_status'),
    /** Analyst -> number of claims, set by work allocation. */
    allocation: jsonb('allocation').$type<Record<string, number> | null>(),
    assignedDate: text('assigned_date'),
    reason: text('reason'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    lastModifiedAt: utc('last_modified_at'),
  },
  (t) => [
    index('batches_org_downloaded_created_idx').on(t.org, t.downloaded, t.createdAt.desc(), t.id.desc()),
    index('batches_status_priority_idx').on(t.status, t.priority),
    /** Batches are named in the console's calls (nameList), so a name is one batch of its organisation. */
    unique('batches_org_name_unique').on(t.org, t.batchName),
  ],
);

export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    /** An opaque public id (the spec's obj_id). */
    objId: text('obj_id').notNull().unique().default(sql`md5(random()::text || clock_timestamp()::text)`),
    org: text('org')
      .notNull()
      .references(() => organizations.code, { onUpdate: 'cascade' }),
    referenceClaimId: text('reference_claim_id').notNull(),
    caseType: text('case_type').$type<'PRE_AUTH' | 'SETTLEMENT'>().notNull(),
    patientName: text('patient_name').notNull().default(''),
    procedureCodes: jsonb('procedure_codes').$type<string[]>().notNull().default([]),
    procedureNames: jsonb('procedure_names').$type<string[]>().notNull().default([]),
    snomedCodes: jsonb('snomed_codes').$type<string[]>().notNull().default([]),
    hospitalCode: text('hospital_code'),
    status: text('status').notNull(),
    annotated: boolean('annotated').notNull().default(false),
    annotationId: integer('annotation_id'),
    adjudicationResult: text('adjudication_result').$type<AdjudicationResult>(),
    adjudicationReason: text('adjudication_reason'),
    rejectionReasons: jsonb('rejection_reasons').$type<string[]>().notNull().default([]),
    adjudicationDetails: jsonb('adjudication_details').$type<Record<string, ProcedureVerification> | null>(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    deleteAfterAdjudication: boolean('delete_after_adjudication').notNull().default(false),
    rerunStatus: text('rerun_status').$type<'INPROGRESS' | null>(),
    batchId: integer('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    /** Console fields of claims downloaded from an insurer (spec 3 §3.3). */
    downloaded: boolean('downloaded').notNull().default(false),
    intimationNumber: text('intimation_number'),
    insurerIllnessName: text('insurer_illness_name'),
    insurerProcedureName: text('insurer_procedure_name'),
    insurerClaimStatus: text('insurer_claim_status'),
    arrivalDate: utc('arrival_date'),
    insurerDocuments: jsonb('insurer_documents').$type<string[]>().notNull().default([]),
    createdBy: text('created_by'),
    createdOn: utc('created_on').notNull().defaultNow(),
    lastModifiedBy: text('last_modified_by'),
    lastModifiedOn: utc('last_modified_on').notNull().defaultNow(),
    lastVerifiedOn: utc('last_verified_on'),
    /** The verdict a later verification replaced (result, time, details), so the claim page can show what changed. */
    previousVerification: jsonb('previous_verification').$type<PreviousVerification | null>(),
    /**
     * The analyst work allocation gave the claim to, or the reviewer its review is assigned to (src/review; the
     * claims filter's userName and assignedTo find it).
     */
    assignedTo: text('assigned_to'),
    /** When the review is due (src/review/clock.ts): set with the first verdict, moved later by each pause. */
    dueAt: utc('due_at'),
    /** Since when the review's clock is paused (the claim waits for documents or answers from outside); null while it runs. */
    reviewPausedAt: utc('review_paused_at'),
    /** Seconds the review's clock has been paused in all, finished pauses only. */
    reviewPausedSeconds: integer('review_paused_seconds').notNull().default(0),
    /** When the review was closed: decided by a person, or at the verdict for a claim that needs none. Open while null. */
    reviewClosedAt: utc('review_closed_at'),
    /** Seconds from arrival to the close, less the paused time. */
    turnaroundSeconds: integer('turnaround_seconds'),
    /**
     * The list's found counts, written by the database with the verdict (adjudication_details), so the list
     * never reads the details: claims_found_count (migration 0007) counts the distinct found names of a group.
     */
    proceduresFound: integer('procedures_found').notNull().generatedAlwaysAs(sql`claims_found_count(adjudication_details, 'procedures')`),
    diagnosisFound: integer('diagnosis_found').notNull().generatedAlwaysAs(sql`claims_found_count(adjudication_details, 'diagnoses')`),
    evidenceFound: integer('evidence_found').notNull().generatedAlwaysAs(sql`claims_found_count(adjudication_details, 'evidence')`),
    documentsFound: integer('documents_found').notNull().generatedAlwaysAs(sql`claims_found_count(adjudication_details, 'document')`),
    /** What the top-bar search matches (reference, patient name, procedure codes, a line each), trigram-indexed. */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`claims_search_text(reference_claim_id, patient_name, procedure_codes)`),
  },
  (t) => [
    index('claims_org_status_modified_idx').on(t.org, t.status, t.lastModifiedOn.desc(), t.id.desc()),
    index('claims_org_modified_idx').on(t.org, t.lastModifiedOn.desc(), t.id.desc()),
    index('claims_org_downloaded_created_idx').on(t.org, t.downloaded, t.createdOn.desc(), t.id.desc()),
    index('claims_batch_idx').on(t.batchId),
    index('claims_reference_idx').on(t.org, t.referenceClaimId),
    index('claims_assigned_to_idx').on(t.assignedTo),
    /** My queue and the overdue filter: the open reviews by due time. */
    index('claims_open_review_due_idx').on(t.dueAt, t.id).where(sql`review_closed_at is null and due_at is not null`),
    // The claims filter's columns, each ending in the list's order so a filtered page reads only its rows.
    index('claims_org_hospital_modified_idx').on(t.org, t.hospitalCode, t.lastModifiedOn.desc(), t.id.desc()),
    index('claims_org_result_modified_idx').on(t.org, t.adjudicationResult, t.status, t.lastModifiedOn.desc(), t.id.desc()),
    index('claims_org_case_type_modified_idx').on(t.org, t.caseType, t.lastModifiedOn.desc(), t.id.desc()),
    index('claims_org_created_idx').on(t.org, t.createdOn),
    index('claims_created_by_idx').on(t.createdBy),
    // GIN with the organisation (btree_gin) finds one organisation's matches in one scan; without it the planner
    // ANDs the code's or the text's matches across every organisation with the organisation's 400k rows. A query
    // without an organisation (the rule dry run) uses the second column alone.
    index('claims_org_procedure_codes_idx').using('gin', t.org, t.procedureCodes),
    index('claims_org_search_trgm_idx').using('gin', t.org, t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * The rows taken from the insurer inbox (src/inbox): one per insurer and key (the intimation number, or manifest and row
 * for a row without one), so a row is never imported twice, even after its claim is dropped.
 */
/**
 * The first start's generated demo claims: how many are wanted and where the generator stands, written in the
 * transaction of each claim it stores, so a seed killed midway resumes at the next claim (src/seed/generated-claims.ts).
 */
export const seedProgress = pgTable('seed_progress', {
  name: text('name').primaryKey(),
  target: integer('target').notNull(),
  /** The generator's position after the last stored claim (its index and what is left of its scanned-page budget). */
  cursor: jsonb('cursor').$type<{ index: number; imageBudget: number } | null>(),
});

export const inboxImports = pgTable(
  'inbox_imports',
  {
    id: serial('id').primaryKey(),
    org: text('org')
      .notNull()
      .references(() => organizations.code, { onUpdate: 'cascade' }),
    key: text('key').notNull(),
    manifest: text('manifest').notNull(),
    row: integer('row').notNull(),
    claimId: integer('claim_id').references(() => claims.id, { onDelete: 'set null' }),
    importedAt: utc('imported_at').notNull().defaultNow(),
  },
  (t) => [unique('inbox_imports_org_key_unique').on(t.org, t.key), index('inbox_imports_claim_idx').on(t.claimId)],
);

/** A page as the document reader returns it, words with their boxes (src/verification/types.ts ReadPage). */
export type StoredReadPage = ReadPage;

export const claimDocuments = pgTable(
  'claim_documents',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').$type<'application/pdf' | 'image/png' | 'image/jpeg'>().notNull(),
    size: integer('size').notNull(),
    /** Where the file is in the document store (src/storage); null once deleted after adjudication (delete_after_adjudication). */
    storageKey: text('storage_key'),
    /**
     * The file itself, as documents were kept before the document store: such bytes are moved into the store
     * once at start (moveLegacyDocuments in src/storage/legacy.ts); nothing writes here any more.
     */
    data: bytea('data'),
    pages: integer('pages'),
    /** The read text layer or OCR, kept so a re-run never reads the file again. */
    readPages: jsonb('read_pages').$type<StoredReadPage[] | null>(),
    readError: text('read_error'),
    readAt: utc('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('claim_documents_claim_idx').on(t.claimId)],
);

/** The durable job queue (the worker lives in src/jobs). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    claimId: integer('claim_id').references(() => claims.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Lower runs first. */
    priority: integer('priority').notNull().default(100),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'poisoned'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: utc('run_after').notNull().defaultNow(),
    lockedAt: utc('locked_at'),
    lockedBy: text('locked_by'),
    /** The lease: a running job whose lease has passed (its worker died) is taken again. */
    lockedUntil: utc('locked_until'),
    /** The batch this job works for: its priority orders the work and PAUSED holds it. */
    batchId: integer('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
    finishedAt: utc('finished_at'),
    /** The X-Request-Id of the request that queued (or last re-queued) the job, so the worker's log lines carry it. */
    requestId: text('request_id'),
    /*
     * What the pick orders and filters by, copied from the claim, its documents and its batch by the database's
     * triggers (migration 0014) while the job is queued or running, so one index walk per group finds the next job.
     */
    /** The claim's organisation ('' for a job without a claim). */
    org: text('org').notNull().default(''),
    /** The claim's uploader ('' when none). */
    uploader: text('uploader').notNull().default(''),
    /** The claim is in the large lane (more than LARGE_LANE_PAGES pages, counted or estimated; src/jobs/queue.ts). */
    large: boolean('large').notNull().default(false),
    /** The batch's priority (null without a batch). */
    batchPriority: integer('batch_priority'),
    /** The batch is in a held status (HELD_BATCH_STATUSES): its jobs wait. */
    held: boolean('held').notNull().default(false),
  },
  (t) => [
    index('jobs_ready_idx').on(t.status, t.priority, t.runAfter, t.id),
    index('jobs_claim_idx').on(t.claimId),
    index('jobs_batch_idx').on(t.batchId, t.status),
    /** At most one queued verification per claim: enqueueVerification merges a new request into it (an upsert). */
    uniqueIndex('jobs_one_queued_per_claim').on(t.claimId).where(sql`status = 'queued' and kind = 'verify-claim'`),
    /** The pick's walk: per organisation, uploader and lane, the queued jobs in the queue's order. */
    index('jobs_pick_idx')
      .on(t.org, t.uploader, t.large, t.priority, t.batchPriority.asc().nullsFirst(), t.id)
      .where(sql`status = 'queued' and kind = 'verify-claim' and not held`),
    /** ... and first come, for batch work that has waited past its aging (QUEUE_BATCH_AGING_SECONDS). */
    index('jobs_pick_aged_idx')
      .on(t.org, t.uploader, t.large, t.id)
      .where(sql`status = 'queued' and kind = 'verify-claim' and not held and priority > 10`),
    /** Pruning finished jobs past QUEUE_RETENTION_DAYS. */
    index('jobs_finished_idx').on(t.finishedAt).where(sql`finished_at is not null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Annotation, error flags, findings and answers
// ---------------------------------------------------------------------------------------------

export const annotations = pgTable(
  'annotations',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    org: text('org').notNull(),
    referenceClaimId: text('reference_claim_id').notNull(),
    procedureCode: text('procedure_code').notNull(),
    procedureName: text('procedure_name'),
    username: text('username').notNull(),
    expectedResult: text('expected_result').$type<'accept' | 'reject' | 'infoQuery' | 'docQuery' | 'wrongProcedure'>().notNull(),
    verificationResult: text('verification_result'),
    caseType: text('case_type'),
    remarks: text('remarks'),
    /** The numbered entity slots (procedure_name_1, diagnosis_alias_2, ...) of the flat record. */
    slots: jsonb('slots').$type<Record<string, string | number | null>>().notNull().default({}),
    annotatedOn: utc('annotated_on').notNull().defaultNow(),
    lastModifiedBy: text('last_modified_by'),
    lastModifiedOn: utc('last_modified_on'),
  },
  (t) => [index('annotations_annotated_on_idx').on(t.annotatedOn.desc(), t.id.desc()), index('annotations_claim_idx').on(t.claimId)],
);

export const errorCategories = pgTable('error_categories', {
  id: serial('id').primaryKey(),
  category: text('category').notNull().unique(),
  colour: text('colour').notNull(),
  iconText: text('icon_text').notNull(),
});

/** Error flags of one claim: procedure code -> entity type -> [{keyword, category, comment}]. */
export const errorAnnotations = pgTable('error_annotations', {
  id: serial('id').primaryKey(),
  claimId: integer('claim_id')
    .notNull()
    .unique()
    .references(() => claims.id, { onDelete: 'cascade' }),
  errors: jsonb('errors').$type<Record<string, Record<string, { keyword: number; category: number; comment: string }[]>>>().notNull(),
  createdBy: text('created_by'),
  createdAt: createdAt(),
  lastModifiedBy: text('last_modified_by'),
  lastModifiedAt: utc('last_modified_at'),
});

/** Confirmed findings (POST /claims/{id}/adjudicate) and answers to procedure questions. */
export const claimAnswers = pgTable(
  'claim_answers',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'findings' | 'questions'>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [unique('claim_answers_claim_kind_unique').on(t.claimId, t.kind)],
);

// ---------------------------------------------------------------------------------------------
// Review work (src/review): due times and the round robin of assignment
// ---------------------------------------------------------------------------------------------

/**
 * How long a review may take from the claim's arrival, per insurer and case type; the row without an insurer is the
 * default for every insurer without its own. Edited by the provider's super users (PUT /reviewSettings).
 */
export const reviewDueTimes = pgTable(
  'review_due_times',
  {
    id: serial('id').primaryKey(),
    /** The insurer organisation; null for the default row. */
    org: text('org').references(() => organizations.code, { onUpdate: 'cascade', onDelete: 'cascade' }),
    caseType: text('case_type').$type<'PRE_AUTH' | 'SETTLEMENT'>().notNull(),
    dueHours: integer('due_hours').notNull(),
    lastModifiedBy: text('last_modified_by'),
    lastModifiedAt: utc('last_modified_at'),
  },
  (t) => [uniqueIndex('review_due_times_org_case_type_idx').on(sql`coalesce(${t.org}, '')`, t.caseType)],
);

/** The reviewer each reviewing organisation's round robin gave its last claim to, so the next goes to the one after. */
export const reviewRotation = pgTable('review_rotation', {
  org: text('org')
    .primaryKey()
    .references(() => organizations.code, { onUpdate: 'cascade', onDelete: 'cascade' }),
  lastAssigned: text('last_assigned').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Document rounds: documents requested of the insurer, added to the claim, and the claim verified again
// ---------------------------------------------------------------------------------------------

/** A document added in a round, by its row in claim_documents and the name it was stored under. */
export interface RoundFile {
  documentId: number;
  fileName: string;
}

/**
 * One round of a claim's documents: a request (who, when, which documents, a note; null when documents were
 * added without one), its answer (who, when, which files) and the verification that followed (the verdict
 * before the documents were added and the one after, set when that verification stores its verdict).
 */
export const documentRounds = pgTable(
  'document_rounds',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by'),
    requestedAt: utc('requested_at'),
    documents: jsonb('documents').$type<string[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    answeredBy: text('answered_by'),
    answeredAt: utc('answered_at'),
    files: jsonb('files').$type<RoundFile[]>().notNull().default([]),
    verdictBefore: text('verdict_before').$type<AdjudicationResult>(),
    verdictAfter: text('verdict_after').$type<AdjudicationResult>(),
    verifiedAt: utc('verified_at'),
  },
  (t) => [
    index('document_rounds_claim_idx').on(t.claimId, t.id),
    /** One open request per claim; the lists find the claims with documents requested through it. */
    uniqueIndex('document_rounds_one_open_per_claim').on(t.claimId).where(sql`answered_at is null`),
    /** The rounds whose verification has not stored its verdict yet (the verify job fills in verdict_after). */
    index('document_rounds_awaiting_verdict_idx').on(t.claimId).where(sql`answered_at is not null and verified_at is null`),
  ],
);

/** The Decision Reasons master (issue 23 §4): the reasons a person gives for a decision, and which decisions each fits. */
export const decisionReasons = pgTable('decision_reasons', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  description: text('description').notNull(),
  decisions: jsonb('decisions').$type<Decision[]>().notNull(),
  active: boolean('active').notNull().default(true),
  ...audit(),
});

/**
 * A person's decisions on a claim's procedures (issue 23 §4). A record is final: a change inserts a new one, and a
 * procedure's newest record is its current decision. The reason is kept as it read, the verdict as it stood, and
 * whether the two differ (decisionDiffers) so the lists filter on it without reading the verdicts.
 */
export const claimDecisions = pgTable(
  'claim_decisions',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    procedureCode: text('procedure_code').notNull(),
    decision: text('decision').$type<Decision>().notNull(),
    reasonCode: text('reason_code'),
    reasonDescription: text('reason_description'),
    note: text('note'),
    verdict: text('verdict').$type<AdjudicationResult>(),
    differs: boolean('differs').notNull(),
    decidedBy: text('decided_by').notNull(),
    decidedAt: utc('decided_at').notNull(),
  },
  (t) => [index('claim_decisions_claim_procedure_idx').on(t.claimId, t.procedureCode, t.id.desc())],
);

/**
 * Decision letters (issue 24 §4): each letter made for a claim, kept so it downloads again exactly as it was made.
 * The PDF is in the document store under storage_key (src/storage), like the claim's documents.
 */
export const decisionLetters = pgTable(
  'decision_letters',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The claim's result when the letter was made. */
    adjudicationResult: text('adjudication_result').$type<AdjudicationResult>(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('decision_letters_claim_idx').on(t.claimId, t.createdAt)],
);
