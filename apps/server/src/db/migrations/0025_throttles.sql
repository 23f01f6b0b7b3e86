CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL
);
--> statement-breakpoint
-- Issue 39: our counters lived in Better Auth's rate_limits under keys starting "shepherd:", and its clean-up deleted
-- them after a minute of quiet. Those under way move here, without the prefix.
INSERT INTO "throttles" ("key", "count", "last_request")
  SELECT substring("key" from 10), "count", "last_request" FROM "rate_limits" WHERE "key" LIKE 'shepherd:%'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "rate_limits" WHERE "key" LIKE 'shepherd:%';
