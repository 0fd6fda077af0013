CREATE TABLE "creative_render_turns" (
	"owner" text PRIMARY KEY NOT NULL,
	"last_taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creative_renders" ADD COLUMN "studio_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Renders asked for before: their merchant's studio now (0 for a merchant without one).
UPDATE "creative_renders" r SET "studio_id" = a."studio_id" FROM "accounts" a WHERE a."id" = r."merchant_id" AND a."studio_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "creative_renders_fair_idx" ON "creative_renders" USING btree ("studio_id","merchant_id","id") WHERE "creative_renders"."state" in ('queued', 'rendering');