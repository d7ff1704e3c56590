ALTER TABLE "claim_documents" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "previous_verification" jsonb;