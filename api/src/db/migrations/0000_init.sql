CREATE TABLE "annotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"org" text NOT NULL,
	"reference_claim_id" text NOT NULL,
	"procedure_code" text NOT NULL,
	"procedure_name" text,
	"username" text NOT NULL,
	"expected_result" text NOT NULL,
	"verification_result" text,
	"case_type" text,
	"remarks" text,
	"slots" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"annotated_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" text,
	"last_modified_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_name" text NOT NULL,
	"org" text NOT NULL,
	"downloaded" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"allocation_status" text,
	"allocation" jsonb,
	"assigned_date" text,
	"reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "claim_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_answers_claim_kind_unique" UNIQUE("claim_id","kind")
);
--> statement-breakpoint
CREATE TABLE "claim_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea",
	"pages" integer,
	"read_pages" jsonb,
	"read_error" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"obj_id" text DEFAULT md5(random()::text || clock_timestamp()::text) NOT NULL,
	"org" text NOT NULL,
	"reference_claim_id" text NOT NULL,
	"case_type" text NOT NULL,
	"patient_name" text DEFAULT '' NOT NULL,
	"procedure_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"procedure_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"snomed_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hospital_code" text,
	"status" text NOT NULL,
	"annotated" boolean DEFAULT false NOT NULL,
	"annotation_id" integer,
	"adjudication_result" text,
	"adjudication_reason" text,
	"rejection_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"adjudication_details" jsonb,
	"error_code" text,
	"error_message" text,
	"delete_after_adjudication" boolean DEFAULT false NOT NULL,
	"rerun_status" text,
	"batch_id" integer,
	"downloaded" boolean DEFAULT false NOT NULL,
	"intimation_number" text,
	"insurer_illness_name" text,
	"insurer_procedure_name" text,
	"insurer_claim_status" text,
	"arrival_date" timestamp with time zone,
	"insurer_documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" text,
	"last_modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_verified_on" timestamp with time zone,
	CONSTRAINT "claims_obj_id_unique" UNIQUE("obj_id")
);
--> statement-breakpoint
CREATE TABLE "clinical_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"alias" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"value_type" text NOT NULL,
	"tabular" boolean DEFAULT false NOT NULL,
	"distributed_attribute_value" boolean DEFAULT false NOT NULL,
	"clinical_unit_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"number_range" jsonb,
	"text_possible_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"override_message" text,
	"pattern_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audit_trail" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" text,
	"last_modified_at" timestamp with time zone,
	CONSTRAINT "clinical_attributes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "clinical_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"alias" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" text,
	"last_modified_at" timestamp with time zone,
	CONSTRAINT "clinical_units_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "docgroup_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"docgroup_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"config" jsonb NOT NULL,
	CONSTRAINT "docgroup_configs_doc_unique" UNIQUE("docgroup_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "docgroup_hospitals" (
	"docgroup_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	CONSTRAINT "docgroup_hospitals_pk" UNIQUE("docgroup_id","hospital_id")
);
--> statement-breakpoint
CREATE TABLE "docgroups" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" text,
	"last_modified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "error_annotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"errors" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" text,
	"last_modified_at" timestamp with time zone,
	CONSTRAINT "error_annotations_claim_id_unique" UNIQUE("claim_id")
);
--> statement-breakpoint
CREATE TABLE "error_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"colour" text NOT NULL,
	"icon_text" text NOT NULL,
	CONSTRAINT "error_categories_category_unique" UNIQUE("category")
);
--> statement-breakpoint
CREATE TABLE "hospitals" (
	"id" serial PRIMARY KEY NOT NULL,
	"hospital_code" text NOT NULL,
	"name" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" text,
	"last_modified_at" timestamp with time zone,
	CONSTRAINT "hospitals_hospital_code_unique" UNIQUE("hospital_code")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"claim_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "keyword_masters" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"alias" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"icd_code" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" text,
	"last_modified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "procedure_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org" text NOT NULL,
	"procedure_id" integer NOT NULL,
	"question" text NOT NULL,
	"question_type" text NOT NULL,
	"answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entity_type" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" text,
	"last_modified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "procedures" (
	"id" serial PRIMARY KEY NOT NULL,
	"procedure_code" text NOT NULL,
	"name" text NOT NULL,
	"snomedct_code" text NOT NULL,
	"procedure_group_id" integer,
	"alias" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" text,
	"last_modified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"org" text NOT NULL,
	"procedure_id" integer NOT NULL,
	"case_type" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"procedure_rule" jsonb,
	"diagnosis_rule" jsonb,
	"document_rule" jsonb,
	"clinical_terms_rule" jsonb,
	"query_rule" jsonb,
	"rule_template" text,
	"rules_configuration" jsonb,
	"selections" jsonb NOT NULL,
	"modification_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" text,
	"last_modified_at" timestamp with time zone,
	CONSTRAINT "rules_org_procedure_case_type_unique" UNIQUE("org","procedure_id","case_type")
);
--> statement-breakpoint
CREATE TABLE "signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"organization" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"organization" text NOT NULL,
	"role" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_org_organizations_code_fk" FOREIGN KEY ("org") REFERENCES "public"."organizations"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "claim_answers" ADD CONSTRAINT "claim_answers_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_org_organizations_code_fk" FOREIGN KEY ("org") REFERENCES "public"."organizations"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docgroup_configs" ADD CONSTRAINT "docgroup_configs_docgroup_id_docgroups_id_fk" FOREIGN KEY ("docgroup_id") REFERENCES "public"."docgroups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docgroup_configs" ADD CONSTRAINT "docgroup_configs_document_id_keyword_masters_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."keyword_masters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docgroup_hospitals" ADD CONSTRAINT "docgroup_hospitals_docgroup_id_docgroups_id_fk" FOREIGN KEY ("docgroup_id") REFERENCES "public"."docgroups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docgroup_hospitals" ADD CONSTRAINT "docgroup_hospitals_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_annotations" ADD CONSTRAINT "error_annotations_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_questions" ADD CONSTRAINT "procedure_questions_org_organizations_code_fk" FOREIGN KEY ("org") REFERENCES "public"."organizations"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "procedure_questions" ADD CONSTRAINT "procedure_questions_procedure_id_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_procedure_group_id_keyword_masters_id_fk" FOREIGN KEY ("procedure_group_id") REFERENCES "public"."keyword_masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_org_organizations_code_fk" FOREIGN KEY ("org") REFERENCES "public"."organizations"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_procedure_id_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_organizations_code_fk" FOREIGN KEY ("organization") REFERENCES "public"."organizations"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "annotations_annotated_on_idx" ON "annotations" USING btree ("annotated_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "annotations_claim_idx" ON "annotations" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "batches_org_downloaded_created_idx" ON "batches" USING btree ("org","downloaded","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "batches_status_priority_idx" ON "batches" USING btree ("status","priority");--> statement-breakpoint
CREATE INDEX "claim_documents_claim_idx" ON "claim_documents" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claims_org_status_modified_idx" ON "claims" USING btree ("org","status","last_modified_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_org_modified_idx" ON "claims" USING btree ("org","last_modified_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_org_downloaded_created_idx" ON "claims" USING btree ("org","downloaded","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_batch_idx" ON "claims" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "claims_reference_idx" ON "claims" USING btree ("org","reference_claim_id");--> statement-breakpoint
CREATE INDEX "docgroup_hospitals_hospital_idx" ON "docgroup_hospitals" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("status","priority","run_after","id");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "keyword_masters_kind_name_idx" ON "keyword_masters" USING btree ("kind",lower("name"));--> statement-breakpoint
CREATE INDEX "procedure_questions_org_procedure_idx" ON "procedure_questions" USING btree ("org","procedure_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procedures_code_idx" ON "procedures" USING btree ("procedure_code");--> statement-breakpoint
CREATE INDEX "procedures_name_idx" ON "procedures" USING btree ("name");--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_idx" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rules_procedure_idx" ON "rules" USING btree ("procedure_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));