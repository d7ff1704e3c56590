ALTER TABLE "jobs" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "org" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "uploader" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "large" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "batch_priority" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- One queued verification per claim from now on (jobs_one_queued_per_claim): older duplicates are merged away.
UPDATE "jobs" SET "status" = 'cancelled', "last_error" = 'merged into the claim''s earlier queued job', "finished_at" = now(), "updated_at" = now()
WHERE "kind" = 'verify-claim' AND "status" = 'queued'
  AND EXISTS (SELECT 1 FROM "jobs" e WHERE e."claim_id" = "jobs"."claim_id" AND e."kind" = 'verify-claim' AND e."status" = 'queued' AND e."id" < "jobs"."id");--> statement-breakpoint
-- The lane: more than 50 pages (src/jobs/queue.ts LARGE_LANE_PAGES), a document not counted yet standing for one page per 100 KiB.
CREATE FUNCTION "jobs_claim_large"(p_claim integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(coalesce(d.pages, ceil(d.size::numeric / 102400))), 0) > 50 FROM claim_documents d WHERE d.claim_id = p_claim
$$;--> statement-breakpoint
CREATE FUNCTION "jobs_batch_held"(p_status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(p_status IN ('PAUSED', 'SUSPENDED', 'ARCHIVED', 'DISCARDED'), false)
$$;--> statement-breakpoint
UPDATE "jobs" SET
  "org" = coalesce((SELECT c.org FROM claims c WHERE c.id = "jobs"."claim_id"), ''),
  "uploader" = coalesce((SELECT c.created_by FROM claims c WHERE c.id = "jobs"."claim_id"), ''),
  "large" = jobs_claim_large("jobs"."claim_id"),
  "batch_priority" = (SELECT b.priority FROM batches b WHERE b.id = "jobs"."batch_id"),
  "held" = jobs_batch_held((SELECT b.status FROM batches b WHERE b.id = "jobs"."batch_id"))
WHERE "status" IN ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_queued_per_claim" ON "jobs" USING btree ("claim_id") WHERE status = 'queued' and kind = 'verify-claim';--> statement-breakpoint
CREATE INDEX "jobs_pick_idx" ON "jobs" USING btree ("org","uploader","large","priority","batch_priority" NULLS FIRST,"id") WHERE status = 'queued' and kind = 'verify-claim' and not held;--> statement-breakpoint
CREATE INDEX "jobs_pick_aged_idx" ON "jobs" USING btree ("org","uploader","large","id") WHERE status = 'queued' and kind = 'verify-claim' and not held and priority > 10;--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE finished_at is not null;--> statement-breakpoint
-- A job takes its claim's, documents' and batch's values when it is written or moved to another claim or batch ...
CREATE FUNCTION "jobs_fill_queue_columns"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.org := coalesce((SELECT c.org FROM claims c WHERE c.id = NEW.claim_id), '');
  NEW.uploader := coalesce((SELECT c.created_by FROM claims c WHERE c.id = NEW.claim_id), '');
  NEW.large := jobs_claim_large(NEW.claim_id);
  NEW.batch_priority := (SELECT b.priority FROM batches b WHERE b.id = NEW.batch_id);
  NEW.held := jobs_batch_held((SELECT b.status FROM batches b WHERE b.id = NEW.batch_id));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_fill_queue_columns" BEFORE INSERT OR UPDATE OF "claim_id", "batch_id" ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION jobs_fill_queue_columns();--> statement-breakpoint
-- ... and follows them while it waits or runs: a batch re-prioritised, paused or resumed, a claim's uploader set, a page count.
CREATE FUNCTION "jobs_follow_batch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET batch_priority = NEW.priority, held = jobs_batch_held(NEW.status)
  WHERE batch_id = NEW.id AND status IN ('queued', 'running');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_follow_batch" AFTER UPDATE OF "priority", "status" ON "batches"
  FOR EACH ROW WHEN (OLD.priority IS DISTINCT FROM NEW.priority OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION jobs_follow_batch();--> statement-breakpoint
CREATE FUNCTION "jobs_follow_claim"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET org = NEW.org, uploader = coalesce(NEW.created_by, '')
  WHERE claim_id = NEW.id AND status IN ('queued', 'running');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_follow_claim" AFTER UPDATE OF "org", "created_by" ON "claims"
  FOR EACH ROW WHEN (OLD.org IS DISTINCT FROM NEW.org OR OLD.created_by IS DISTINCT FROM NEW.created_by)
  EXECUTE FUNCTION jobs_follow_claim();--> statement-breakpoint
CREATE FUNCTION "jobs_follow_documents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE jobs SET large = jobs_claim_large(OLD.claim_id) WHERE claim_id = OLD.claim_id AND status IN ('queued', 'running');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE jobs SET large = jobs_claim_large(NEW.claim_id) WHERE claim_id = NEW.claim_id AND status IN ('queued', 'running');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_follow_documents" AFTER INSERT OR DELETE OR UPDATE OF "pages", "size", "claim_id" ON "claim_documents"
  FOR EACH ROW EXECUTE FUNCTION jobs_follow_documents();--> statement-breakpoint
-- Workers in every process wake on these (src/jobs/wake.ts LISTENs on PostgreSQL): a job queued or due again, a job cancelled.
CREATE FUNCTION "jobs_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'verify-claim' AND NEW.status = 'queued' THEN
    PERFORM pg_notify('verification_queue', 'queued');
  ELSIF NEW.status = 'cancelled' AND (TG_OP = 'INSERT' OR OLD.status <> 'cancelled') THEN
    PERFORM pg_notify('verification_queue', 'cancelled:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_notify" AFTER INSERT OR UPDATE OF "status", "run_after" ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION jobs_notify();
