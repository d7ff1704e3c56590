CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_ends_idx" ON "rate_limit_hits" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_key_idx" ON "sign_in_failures" USING btree ("key","failed_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_failed_at_idx" ON "sign_in_failures" USING btree ("failed_at");--> statement-breakpoint
/* Sign-outs, deactivations and demotions heard by every api process at once (src/auth/changes.ts). */
CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'revoked_tokens' THEN
    PERFORM pg_notify('auth_changes', 'token:' || NEW.jti);
  ELSE
    PERFORM pg_notify('auth_changes', 'user:' || OLD.username);
    IF TG_OP = 'UPDATE' AND NEW.username IS DISTINCT FROM OLD.username THEN
      PERFORM pg_notify('auth_changes', 'user:' || NEW.username);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_notify_auth_change" AFTER UPDATE OF "active", "role", "organization", "token_version", "username" OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "revoked_tokens_notify_auth_change" AFTER INSERT ON "revoked_tokens" FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"();
