ALTER TABLE "creative_scripts" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creative_scripts" ADD COLUMN "on_desk" boolean DEFAULT false NOT NULL;
