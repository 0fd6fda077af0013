CREATE TABLE "platform_connections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"platform" text NOT NULL,
	"state" text DEFAULT 'connected' NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"remote_account_id" text NOT NULL,
	"remote_account_name" text NOT NULL,
	"sealed_tokens" text,
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"connected_by_id" integer,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_refresh_at" timestamp with time zone,
	"refresh_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_connections_tokens_chk" CHECK (("platform_connections"."state" = 'disconnected') or ("platform_connections"."sealed_tokens" is not null))
);
--> statement-breakpoint
CREATE TABLE "platform_oauth_states" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_oauth_states_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"state_hash" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"platform" text NOT NULL,
	"started_by_id" integer NOT NULL,
	"sealed_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_oauth_states_stateHash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
CREATE TABLE "video_metric_snapshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_metric_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"platform" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"plays" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	"collections" bigint
);
--> statement-breakpoint
CREATE TABLE "video_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"created_by_id" integer,
	"title" text NOT NULL,
	"footage_id" integer,
	"upload_id" integer,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_mime" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_duration_seconds" double precision,
	"thumb_key" text,
	"captions" jsonb NOT NULL,
	"platforms" text[] NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"approval" text DEFAULT 'not_required' NOT NULL,
	"approval_comment" text,
	"approval_at" timestamp with time zone,
	"scheduled_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_posts_file_chk" CHECK ("video_posts"."footage_id" is null or "video_posts"."upload_id" is null)
);
--> statement-breakpoint
CREATE TABLE "video_publish_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_publish_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"connection_id" integer,
	"platform" text NOT NULL,
	"language" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"checkpoint" jsonb,
	"remote_id" text,
	"url" text,
	"reason" text,
	"private_only" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"run_after" timestamp with time zone,
	"deferred_reason" text,
	"published_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_status_at" timestamp with time zone,
	"last_metrics_at" timestamp with time zone,
	"plays" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	"collections" bigint,
	"milestone_plays" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_publish_jobs_failed_chk" CHECK (("video_publish_jobs"."state" = 'failed') = ("video_publish_jobs"."reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "video_review_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_review_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"decision" text,
	"comment" text,
	"decided_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_review_links_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_connected_by_id_accounts_id_fk" FOREIGN KEY ("connected_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_oauth_states" ADD CONSTRAINT "platform_oauth_states_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_oauth_states" ADD CONSTRAINT "platform_oauth_states_started_by_id_accounts_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_metric_snapshots" ADD CONSTRAINT "video_metric_snapshots_job_id_video_publish_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."video_publish_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_metric_snapshots" ADD CONSTRAINT "video_metric_snapshots_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_posts" ADD CONSTRAINT "video_posts_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_posts" ADD CONSTRAINT "video_posts_created_by_id_accounts_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_posts" ADD CONSTRAINT "video_posts_footage_id_footage_id_fk" FOREIGN KEY ("footage_id") REFERENCES "public"."footage"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_posts" ADD CONSTRAINT "video_posts_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_publish_jobs" ADD CONSTRAINT "video_publish_jobs_post_id_video_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."video_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_publish_jobs" ADD CONSTRAINT "video_publish_jobs_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_publish_jobs" ADD CONSTRAINT "video_publish_jobs_connection_id_platform_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."platform_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_review_links" ADD CONSTRAINT "video_review_links_post_id_video_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."video_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_review_links" ADD CONSTRAINT "video_review_links_created_by_id_accounts_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_connections_merchant_platform_uq" ON "platform_connections" USING btree ("merchant_id","platform");--> statement-breakpoint
CREATE INDEX "platform_connections_refresh_idx" ON "platform_connections" USING btree ("access_expires_at") WHERE "platform_connections"."state" = 'connected';--> statement-breakpoint
CREATE INDEX "platform_oauth_states_expires_idx" ON "platform_oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "video_metric_snapshots_job_time_uq" ON "video_metric_snapshots" USING btree ("job_id","taken_at");--> statement-breakpoint
CREATE INDEX "video_metric_snapshots_merchant_idx" ON "video_metric_snapshots" USING btree ("merchant_id","taken_at");--> statement-breakpoint
CREATE INDEX "video_posts_merchant_idx" ON "video_posts" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "video_posts_scheduled_idx" ON "video_posts" USING btree ("scheduled_at") WHERE "video_posts"."status" = 'scheduled' and "video_posts"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "video_publish_jobs_post_platform_uq" ON "video_publish_jobs" USING btree ("post_id","platform");--> statement-breakpoint
CREATE INDEX "video_publish_jobs_due_idx" ON "video_publish_jobs" USING btree ("state","run_after");--> statement-breakpoint
CREATE INDEX "video_publish_jobs_merchant_idx" ON "video_publish_jobs" USING btree ("merchant_id","platform","published_at");--> statement-breakpoint
CREATE INDEX "video_publish_jobs_moving_idx" ON "video_publish_jobs" USING btree ("last_status_at") WHERE "video_publish_jobs"."state" in ('reviewing', 'published', 'unknown');--> statement-breakpoint
CREATE INDEX "video_publish_jobs_connection_idx" ON "video_publish_jobs" USING btree ("connection_id","started_at");--> statement-breakpoint
CREATE INDEX "video_review_links_post_idx" ON "video_review_links" USING btree ("post_id","created_at");