-- The claims list's procedure-code filter and top-bar search within one organisation (issue 13): GIN indexes led by
-- the organisation (btree_gin: PGlite loads it in its constructor), so a page reads that organisation's matches only.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "claims_procedure_codes_idx";--> statement-breakpoint
DROP INDEX "claims_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "claims_org_procedure_codes_idx" ON "claims" USING gin ("org","procedure_codes");--> statement-breakpoint
CREATE INDEX "claims_org_search_trgm_idx" ON "claims" USING gin ("org","search_text" gin_trgm_ops);
