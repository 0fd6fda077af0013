ALTER TABLE "creative_renders" ADD COLUMN "plan_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "creative_renders" ADD COLUMN "reject_reason_shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "creative_renders" ADD COLUMN "merchant_answer" text;--> statement-breakpoint
ALTER TABLE "creative_renders" ADD COLUMN "merchant_answer_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "creative_renders" ADD COLUMN "merchant_answer_at" timestamp with time zone;--> statement-breakpoint
DROP INDEX IF EXISTS "creative_renders_plan_slot_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "creative_renders_plan_slot_uq" ON "creative_renders" USING btree ("merchant_id","plan_date","plan_slot","plan_round");--> statement-breakpoint
CREATE INDEX "creative_renders_post_idx" ON "creative_renders" USING btree ("post_id") WHERE "creative_renders"."post_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "held_for_digest" boolean DEFAULT false NOT NULL;
