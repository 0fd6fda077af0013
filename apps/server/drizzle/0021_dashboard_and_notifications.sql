CREATE TABLE "dashboard_connection_counts" (
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"platform" text NOT NULL,
	"connected" integer DEFAULT 0 NOT NULL,
	"needs_reconnect" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_connection_counts_scope_kind_scope_id_platform_pk" PRIMARY KEY("scope_kind","scope_id","platform")
);
--> statement-breakpoint
CREATE TABLE "dashboard_connections" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"state" text NOT NULL,
	"scopes" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_daily" (
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"day" date NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"first_payments" integer DEFAULT 0 NOT NULL,
	"renewals" integer DEFAULT 0 NOT NULL,
	"new_clients" integer DEFAULT 0 NOT NULL,
	"clients_delta" integer DEFAULT 0 NOT NULL,
	"new_studios" integer DEFAULT 0 NOT NULL,
	"studios_delta" integer DEFAULT 0 NOT NULL,
	"videos_published" integer DEFAULT 0 NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	"commission_cents" bigint DEFAULT 0 NOT NULL,
	"profit_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_daily_scope_kind_scope_id_day_pk" PRIMARY KEY("scope_kind","scope_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_placements" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"studio_id" integer,
	"agent_id" integer,
	"main_agent_id" integer,
	"operator_id" integer,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dashboard_shares" (
	"share_id" integer PRIMARY KEY NOT NULL,
	"reversed_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_video_plays" (
	"job_id" text PRIMARY KEY NOT NULL,
	"plays" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcement_reads" (
	"announcement_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_reads_announcement_id_account_id_pk" PRIMARY KEY("announcement_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"audience" text[] NOT NULL,
	"marketing" boolean DEFAULT false NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_audience_chk" CHECK (cardinality("announcements"."audience") > 0)
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"notification_id" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_notification_id_channel_pk" PRIMARY KEY("notification_id","channel")
);
--> statement-breakpoint
CREATE TABLE "notification_languages" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subject_type" text,
	"subject_id" integer,
	"event_id" bigint,
	"in_center" boolean DEFAULT true NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_languages" ADD CONSTRAINT "notification_languages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_daily_kind_day_idx" ON "dashboard_daily" USING btree ("scope_kind","day");--> statement-breakpoint
CREATE INDEX "dashboard_placements_main_agent_idx" ON "dashboard_placements" USING btree ("kind","main_agent_id");--> statement-breakpoint
CREATE INDEX "dashboard_placements_agent_idx" ON "dashboard_placements" USING btree ("kind","agent_id");--> statement-breakpoint
CREATE INDEX "dashboard_placements_studio_idx" ON "dashboard_placements" USING btree ("kind","studio_id");--> statement-breakpoint
CREATE INDEX "announcement_reads_account_idx" ON "announcement_reads" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "announcements_sent_idx" ON "announcements" USING btree ("sent_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "announcements_due_idx" ON "announcements" USING btree ("send_at") WHERE "announcements"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "notification_deliveries_pending_idx" ON "notification_deliveries" USING btree ("created_at") WHERE "notification_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_idx" ON "notifications" USING btree ("account_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_inbox_idx" ON "notifications" USING btree ("account_id","in_center","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("account_id") WHERE "notifications"."read_at" is null and "notifications"."in_center";