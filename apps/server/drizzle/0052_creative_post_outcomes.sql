CREATE TABLE "creative_post_outcomes" (
	"post_id" integer NOT NULL,
	"platform" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"render_id" integer,
	"category" text,
	"language" text,
	"look" text,
	"hook_style" text,
	"template" text,
	"duration_seconds" double precision,
	"length_band" text,
	"opening_kind" text,
	"music" text,
	"posted_at" timestamp with time zone,
	"posting_hour" smallint,
	"plays_24h" bigint,
	"plays_7d" bigint,
	"plays" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	"last_reading_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creative_post_outcomes_post_id_platform_pk" PRIMARY KEY("post_id","platform")
);
--> statement-breakpoint
CREATE INDEX "creative_post_outcomes_merchant_idx" ON "creative_post_outcomes" USING btree ("merchant_id","posted_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "creative_post_outcomes_category_idx" ON "creative_post_outcomes" USING btree ("category","posted_at" DESC NULLS FIRST) WHERE "creative_post_outcomes"."category" is not null;
