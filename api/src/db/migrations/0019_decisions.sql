CREATE TABLE "claim_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"procedure_code" text NOT NULL,
	"decision" text NOT NULL,
	"reason_code" text,
	"reason_description" text,
	"note" text,
	"verdict" text,
	"differs" boolean NOT NULL,
	"decided_by" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decision_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"decisions" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" text,
	"last_modified_at" timestamp with time zone,
	CONSTRAINT "decision_reasons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "claim_decisions" ADD CONSTRAINT "claim_decisions_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_decisions_claim_procedure_idx" ON "claim_decisions" USING btree ("claim_id","procedure_code","id" DESC NULLS LAST);