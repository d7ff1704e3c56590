CREATE TABLE "review_due_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"org" text,
	"case_type" text NOT NULL,
	"due_hours" integer NOT NULL,
	"last_modified_by" text,
	"last_modified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_rotation" (
	"org" text PRIMARY KEY NOT NULL,
	"last_assigned" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "review_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "review_paused_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "review_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "turnaround_seconds" integer;--> statement-breakpoint
ALTER TABLE "review_due_times" ADD CONSTRAINT "review_due_times_org_organizations_code_fk" FOREIGN KEY ("org") REFERENCES "public"."organizations"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "review_rotation" ADD CONSTRAINT "review_rotation_org_organizations_code_fk" FOREIGN KEY ("org") REFERENCES "public"."organizations"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "review_due_times_org_case_type_idx" ON "review_due_times" USING btree (coalesce("org", ''),"case_type");--> statement-breakpoint
CREATE INDEX "claims_open_review_due_idx" ON "claims" USING btree ("due_at","id") WHERE review_closed_at is null and due_at is not null;--> statement-breakpoint
INSERT INTO "review_due_times" ("org", "case_type", "due_hours") VALUES (NULL, 'PRE_AUTH', 4), (NULL, 'SETTLEMENT', 120);
