CREATE TABLE "decision_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"adjudication_result" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "decision_letters" ADD CONSTRAINT "decision_letters_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decision_letters_claim_idx" ON "decision_letters" USING btree ("claim_id","created_at");