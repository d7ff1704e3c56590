-- The claims list at a million rows (issue 13): found counts and the search text kept as generated columns (the
-- database writes them with the verdict and fills them for existing rows as the columns are added), the filter
-- columns indexed, and trigram indexes for the top-bar search (pg_trgm: PGlite loads it in its constructor).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Distinct found names (standardName, else name; any case) of one entity group over all procedures of a claim.
CREATE OR REPLACE FUNCTION claims_found_count(details jsonb, entity_group text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT count(DISTINCT lower(coalesce(item ->> 'standardName', item ->> 'name')))::integer
  FROM jsonb_each(CASE WHEN jsonb_typeof(details) = 'object' THEN details ELSE '{}'::jsonb END) AS procedure(code, verification),
    jsonb_array_elements(
      CASE WHEN jsonb_typeof(verification -> entity_group) = 'array' THEN verification -> entity_group ELSE '[]'::jsonb END
    ) AS item
  WHERE item -> 'found' = 'true'::jsonb
$$;--> statement-breakpoint
-- The text the top-bar search matches: reference, patient name and procedure codes, one line each (a search text
-- never holds a line break, so a match never spans two fields).
CREATE OR REPLACE FUNCTION claims_search_text(reference text, patient text, codes jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(E'\n', reference, patient, (
    SELECT string_agg(code, E'\n')
    FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(codes) = 'array' THEN codes ELSE '[]'::jsonb END) AS code
  ))
$$;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "procedures_found" integer GENERATED ALWAYS AS (claims_found_count(adjudication_details, 'procedures')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "diagnosis_found" integer GENERATED ALWAYS AS (claims_found_count(adjudication_details, 'diagnoses')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "evidence_found" integer GENERATED ALWAYS AS (claims_found_count(adjudication_details, 'evidence')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "documents_found" integer GENERATED ALWAYS AS (claims_found_count(adjudication_details, 'document')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "search_text" text GENERATED ALWAYS AS (claims_search_text(reference_claim_id, patient_name, procedure_codes)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "claims_org_hospital_modified_idx" ON "claims" USING btree ("org","hospital_code","last_modified_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_org_result_modified_idx" ON "claims" USING btree ("org","adjudication_result","last_modified_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_org_case_type_modified_idx" ON "claims" USING btree ("org","case_type","last_modified_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_org_created_idx" ON "claims" USING btree ("org","created_on");--> statement-breakpoint
CREATE INDEX "claims_created_by_idx" ON "claims" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "claims_procedure_codes_idx" ON "claims" USING gin ("procedure_codes");--> statement-breakpoint
CREATE INDEX "claims_search_trgm_idx" ON "claims" USING gin ("search_text" gin_trgm_ops);