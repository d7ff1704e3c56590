-- A rule's versions outlive the rule: verdicts name the rule and version that judged them (the claim page's 'verified
-- against rule version n'), so deleting a rule no longer deletes its versions. Each version keeps the rule's
-- organisation, so a deleted rule's history is shown to whoever could read the rule; the rows kept so far all belong
-- to rules that still exist (the cascade removed the others), which give it.
ALTER TABLE "rule_versions" DROP CONSTRAINT "rule_versions_rule_id_rules_id_fk";
--> statement-breakpoint
ALTER TABLE "rule_versions" ADD COLUMN "org" text;--> statement-breakpoint
UPDATE "rule_versions" SET "org" = "rules"."org" FROM "rules" WHERE "rules"."id" = "rule_versions"."rule_id";--> statement-breakpoint
ALTER TABLE "rule_versions" ALTER COLUMN "org" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rule_versions" ADD CONSTRAINT "rule_versions_org_organizations_code_fk" FOREIGN KEY ("org") REFERENCES "public"."organizations"("code") ON DELETE no action ON UPDATE cascade;
