ALTER TABLE "creative_renders" ADD COLUMN "look" text;--> statement-breakpoint
ALTER TABLE "creative_renders" ADD COLUMN "opening_footage_id" integer;
