CREATE TABLE "seed_progress" (
	"name" text PRIMARY KEY NOT NULL,
	"target" integer NOT NULL,
	"cursor" jsonb
);
