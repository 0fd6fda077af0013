ALTER TABLE "creative_renders" ADD COLUMN "quality" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "footage" ADD COLUMN "decode_check_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "footage" SET "decode_check_due" = true WHERE "status" = 'active' AND "render_id" IS NULL AND "type" IN ('image', 'video');
