/*
 * The verification queue's pick in one call (src/jobs/queue.ts claimNextJob): one round trip instead of five
 * (begin, the pick lock, the update, commit, the batch's start), and one generic plan per connection instead of
 * a new plan for every pick (the planner kept choosing custom plans, about 1 ms each at 100,000 queued jobs).
 *
 * Picks take turns on the transaction-level advisory lock 30321 ('vq', as before), and the pick below runs as the
 * function's own statement, after the lock, so it sees every pick committed before it: two loops cannot both start
 * a job of an organisation that may run only one more. Not waiting for the disk at commit is safe: a pick lost in a
 * server crash leaves the job queued, and the worker that took it cannot finish it (its lock token no longer
 * matches), so it is run once, later.
 *
 * p_small_only: only a job of the small lane. p_owner_share (null: none): an uploader running this many jobs gets
 * no further upload started, and the next job of an organisation or uploader running this many goes only when no
 * one else's waits. p_age_after_ms (null: no aging): batch work that waited this long is picked as if it were an
 * upload. p_served_orgs (a JSON array): the organisations this worker served, the longest ago first.
 * p_prefer_large: the lane preferred next. Literals 10 (INTERACTIVE_PRIORITY) and 'verify-claim' (VERIFY_JOB) are
 * src/jobs/enqueue.ts's; they stay literals so that the planner matches them against the partial indexes.
 *
 * The order and the walk are the ones of migration 0014: the queued jobs are grouped by organisation, uploader and
 * lane, the groups are found by skipping through jobs_pick_idx, each group gives its first job in that index's order
 * (plus, when aging is asked, its oldest batch job from jobs_pick_aged_idx), and only these few candidates and the
 * jobs whose lease expired are sorted by the whole order.
 */
CREATE FUNCTION "jobs_pick"(
  p_token text, p_lease_ms double precision, p_small_only boolean, p_owner_share integer,
  p_age_after_ms double precision, p_served_orgs jsonb, p_prefer_large boolean
) RETURNS SETOF "jobs" LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  picked jobs%ROWTYPE;
BEGIN
  PERFORM pg_advisory_xact_lock(30321), set_config('synchronous_commit', 'off', true);
  UPDATE jobs SET status = 'running', attempts = jobs.attempts + 1, locked_at = now(), locked_by = p_token,
    locked_until = now() + p_lease_ms * interval '1 millisecond', updated_at = now()
  WHERE jobs.id = (
    WITH RECURSIVE all_groups AS (
      (SELECT q.org, q.uploader, q.large FROM jobs q
       WHERE q.status = 'queued' AND q.kind = 'verify-claim' AND NOT q.held
       ORDER BY q.org, q.uploader, q.large LIMIT 1)
      UNION ALL
      SELECT n.org, n.uploader, n.large FROM all_groups a, LATERAL (
        SELECT q.org, q.uploader, q.large FROM jobs q
        WHERE q.status = 'queued' AND q.kind = 'verify-claim' AND NOT q.held
          AND (q.org, q.uploader, q.large) > (a.org, a.uploader, a.large)
        ORDER BY q.org, q.uploader, q.large LIMIT 1
      ) n
    ),
    groups AS (SELECT * FROM all_groups WHERE NOT (p_small_only AND large)),
    candidates AS (
      SELECT t.* FROM groups g, LATERAL (
        SELECT q.id, q.org, q.uploader, q.large, q.priority, q.batch_priority, q.run_after FROM jobs q
        WHERE q.status = 'queued' AND q.kind = 'verify-claim' AND NOT q.held
          AND q.org = g.org AND q.uploader = g.uploader AND q.large = g.large AND q.run_after <= now()
          -- No other worker is on the job's claim (its job running, lease alive).
          AND NOT EXISTS (
            SELECT 1 FROM jobs r WHERE r.claim_id = q.claim_id AND r.id <> q.id AND r.status = 'running'
              AND NOT (r.locked_until IS NULL OR r.locked_until < now()))
          -- No upload of an uploader that runs its share.
          AND NOT (q.priority <= 10 AND p_owner_share IS NOT NULL AND g.uploader <> '' AND (
            SELECT count(*) FROM jobs r WHERE r.kind = 'verify-claim' AND r.status = 'running'
              AND NOT (r.locked_until IS NULL OR r.locked_until < now()) AND r.uploader = g.uploader) >= p_owner_share)
        ORDER BY q.priority, q.batch_priority NULLS FIRST, q.id LIMIT 1
      ) t
      UNION ALL
      SELECT t.* FROM groups g, LATERAL (
        SELECT q.id, q.org, q.uploader, q.large, q.priority, q.batch_priority, q.run_after FROM jobs q
        WHERE p_age_after_ms IS NOT NULL
          AND q.status = 'queued' AND q.kind = 'verify-claim' AND NOT q.held AND q.priority > 10
          AND q.org = g.org AND q.uploader = g.uploader AND q.large = g.large
          AND q.run_after <= now() - p_age_after_ms * interval '1 millisecond'
          AND NOT EXISTS (
            SELECT 1 FROM jobs r WHERE r.claim_id = q.claim_id AND r.id <> q.id AND r.status = 'running'
              AND NOT (r.locked_until IS NULL OR r.locked_until < now()))
        ORDER BY q.id LIMIT 1
      ) t
      UNION ALL
      -- Jobs whose worker died: running, their lease expired.
      SELECT q.id, q.org, q.uploader, q.large, q.priority, q.batch_priority, q.run_after FROM jobs q
      WHERE q.kind = 'verify-claim' AND q.status = 'running' AND (q.locked_until IS NULL OR q.locked_until < now())
        AND NOT q.held AND NOT (p_small_only AND q.large)
        AND NOT EXISTS (
          SELECT 1 FROM jobs r WHERE r.claim_id = q.claim_id AND r.id <> q.id AND r.status = 'running'
            AND NOT (r.locked_until IS NULL OR r.locked_until < now()))
        AND NOT (q.priority <= 10 AND p_owner_share IS NOT NULL AND q.uploader <> '' AND (
          SELECT count(*) FROM jobs r WHERE r.kind = 'verify-claim' AND r.status = 'running'
            AND NOT (r.locked_until IS NULL OR r.locked_until < now()) AND r.uploader = q.uploader) >= p_owner_share)
    )
    SELECT j.id FROM candidates j
    ORDER BY
      -- Anyone's job before one of an organisation or uploader that runs its share.
      p_owner_share IS NOT NULL AND ((
        SELECT count(*) FROM jobs r WHERE r.kind = 'verify-claim' AND r.status = 'running'
          AND NOT (r.locked_until IS NULL OR r.locked_until < now()) AND r.org = j.org) >= p_owner_share
        OR (j.uploader <> '' AND (
          SELECT count(*) FROM jobs r WHERE r.kind = 'verify-claim' AND r.status = 'running'
            AND NOT (r.locked_until IS NULL OR r.locked_until < now()) AND r.uploader = j.uploader) >= p_owner_share)),
      -- The job's priority and its batch's, batch work aged past p_age_after_ms counting as an upload ...
      CASE WHEN p_age_after_ms IS NOT NULL AND j.priority > 10 AND j.run_after <= now() - p_age_after_ms * interval '1 millisecond'
        THEN 10 ELSE j.priority END,
      CASE WHEN p_age_after_ms IS NOT NULL AND j.priority > 10 AND j.run_after <= now() - p_age_after_ms * interval '1 millisecond'
        THEN NULL ELSE j.batch_priority END NULLS FIRST,
      -- ... then the organisation served the longest ago, the preferred lane, first come.
      coalesce(array_position(array(SELECT jsonb_array_elements_text(p_served_orgs)), j.org), 0),
      CASE WHEN j.large = p_prefer_large THEN 0 ELSE 1 END,
      j.id
    LIMIT 1
  )
    -- Checked again on the row itself: a cancel that committed after the pick's snapshot leaves it alone.
    AND (jobs.status = 'queued' OR (jobs.status = 'running' AND (jobs.locked_until IS NULL OR jobs.locked_until < now())))
  RETURNING jobs.* INTO picked;
  IF FOUND THEN
    RETURN NEXT picked;
  END IF;
END $$;
