CREATE TABLE "document_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"requested_by" text,
	"requested_at" timestamp with time zone,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verdict_before" text,
	"verdict_after" text,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document_rounds" ADD CONSTRAINT "document_rounds_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_rounds_claim_idx" ON "document_rounds" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_rounds_one_open_per_claim" ON "document_rounds" USING btree ("claim_id") WHERE answered_at is null;--> statement-breakpoint
CREATE INDEX "document_rounds_awaiting_verdict_idx" ON "document_rounds" USING btree ("claim_id") WHERE answered_at is not null and verified_at is null;