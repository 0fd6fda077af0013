CREATE TABLE "content_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"cover_upload_id" integer,
	"cover_key" text,
	"video_upload_id" integer,
	"video_key" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"language" text NOT NULL,
	"translation_group" integer,
	"link" text DEFAULT '' NOT NULL,
	"live_start" timestamp with time zone,
	"live_time_zone" text,
	"live_duration_minutes" integer,
	"author_id" integer,
	"author_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "content_items_live_chk" CHECK (("content_items"."type" = 'live') = ("content_items"."live_start" is not null and "content_items"."live_time_zone" is not null and "content_items"."live_duration_minutes" is not null))
);
--> statement-breakpoint
CREATE TABLE "content_media" (
	"content_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "content_media_content_id_upload_id_pk" PRIMARY KEY("content_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "course_lessons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"cover_upload_id" integer,
	"cover_key" text,
	"open_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" integer,
	"author_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"account_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"position_seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_progress_account_id_lesson_id_pk" PRIMARY KEY("account_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_media" ADD CONSTRAINT "content_media_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_items_public_idx" ON "content_items" USING btree ("status","type","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_items_staff_idx" ON "content_items" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_items_live_idx" ON "content_items" USING btree ("type","live_start");--> statement-breakpoint
CREATE INDEX "content_items_group_idx" ON "content_items" USING btree ("translation_group");--> statement-breakpoint
CREATE INDEX "content_items_author_idx" ON "content_items" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "content_items_tags_idx" ON "content_items" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "content_media_upload_idx" ON "content_media" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_lessons_course_content_idx" ON "course_lessons" USING btree ("course_id","content_id");--> statement-breakpoint
CREATE INDEX "course_lessons_content_idx" ON "course_lessons" USING btree ("content_id");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_code_language_idx" ON "courses" USING btree ("code","language");--> statement-breakpoint
CREATE INDEX "courses_status_idx" ON "courses" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lesson_progress_lesson_idx" ON "lesson_progress" USING btree ("lesson_id");