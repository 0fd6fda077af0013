ALTER TABLE "creative_plan_days" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creative_renders" ADD COLUMN "slot_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "creative_renders_slot_uq" ON "creative_renders" USING btree ("merchant_id","slot_at") WHERE "creative_renders"."slot_at" is not null;