CREATE TABLE "inbox_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"org" text NOT NULL,
	"key" text NOT NULL,
	"manifest" text NOT NULL,
	"row" integer NOT NULL,
	"claim_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_imports_org_key_unique" UNIQUE("org","key")
);
--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "inbox_imports" ADD CONSTRAINT "inbox_imports_org_organizations_code_fk" FOREIGN KEY ("org") REFERENCES "public"."organizations"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inbox_imports" ADD CONSTRAINT "inbox_imports_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_imports_claim_idx" ON "inbox_imports" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claims_assigned_to_idx" ON "claims" USING btree ("assigned_to");--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_org_name_unique" UNIQUE("org","batch_name");