CREATE TABLE "creative_briefs" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"shop_name" text NOT NULL,
	"category" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"hours" text DEFAULT '' NOT NULL,
	"offer" text DEFAULT '' NOT NULL,
	"call_to_action" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"tone" text NOT NULL,
	"brand_primary" text NOT NULL,
	"brand_accent" text NOT NULL,
	"logo_footage_id" integer,
	"music" text NOT NULL,
	"music_footage_id" integer,
	"voice" text NOT NULL,
	"languages" text[] NOT NULL,
	"updated_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creative_plan_days" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creative_plan_days_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
CREATE TABLE "creative_plans" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"mix_en" integer DEFAULT 2 NOT NULL,
	"mix_es" integer DEFAULT 2 NOT NULL,
	"mix_zh" integer DEFAULT 1 NOT NULL,
	"studio_review" boolean DEFAULT true NOT NULL,
	"merchant_approval" boolean DEFAULT false NOT NULL,
	"run_hour" integer DEFAULT 7 NOT NULL,
	"time_zone" text NOT NULL,
	"updated_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creative_renders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "creative_renders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"language" text NOT NULL,
	"script_id" integer,
	"script" jsonb NOT NULL,
	"footage_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"footage_picked" boolean DEFAULT false NOT NULL,
	"voice" text NOT NULL,
	"music" text NOT NULL,
	"music_footage_id" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"notes" text[] DEFAULT '{}'::text[] NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"plan_date" date,
	"plan_slot" integer,
	"seed" text DEFAULT '' NOT NULL,
	"draft" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"post_id" integer,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"not_before" timestamp with time zone,
	"upload_id" integer,
	"video_key" text,
	"output_footage_id" integer,
	"cover_key" text,
	"duration_seconds" double precision,
	"render_ms" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creative_renders_progress_chk" CHECK ("creative_renders"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "creative_scripts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "creative_scripts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"language" text NOT NULL,
	"engine" text NOT NULL,
	"fallback_reason" text,
	"template" text NOT NULL,
	"hook_style" text NOT NULL,
	"body" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"estimated_seconds" double precision NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "footage" ADD COLUMN "render_id" integer;--> statement-breakpoint
ALTER TABLE "creative_briefs" ADD CONSTRAINT "creative_briefs_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_briefs" ADD CONSTRAINT "creative_briefs_updated_by_id_accounts_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_plan_days" ADD CONSTRAINT "creative_plan_days_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_plans" ADD CONSTRAINT "creative_plans_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_plans" ADD CONSTRAINT "creative_plans_updated_by_id_accounts_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_renders" ADD CONSTRAINT "creative_renders_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_renders" ADD CONSTRAINT "creative_renders_script_id_creative_scripts_id_fk" FOREIGN KEY ("script_id") REFERENCES "public"."creative_scripts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_renders" ADD CONSTRAINT "creative_renders_decided_by_id_accounts_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_renders" ADD CONSTRAINT "creative_renders_created_by_id_accounts_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_scripts" ADD CONSTRAINT "creative_scripts_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_scripts" ADD CONSTRAINT "creative_scripts_created_by_id_accounts_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creative_renders_merchant_idx" ON "creative_renders" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "creative_renders_open_idx" ON "creative_renders" USING btree ("lease_until") WHERE "creative_renders"."state" in ('queued', 'rendering');--> statement-breakpoint
CREATE UNIQUE INDEX "creative_renders_plan_slot_uq" ON "creative_renders" USING btree ("merchant_id","plan_date","plan_slot");--> statement-breakpoint
CREATE INDEX "creative_scripts_merchant_idx" ON "creative_scripts" USING btree ("merchant_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "footage" ADD CONSTRAINT "footage_renderId_unique" UNIQUE("render_id");