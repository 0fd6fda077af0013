CREATE TABLE "footage" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "footage_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"tus_id" text,
	"type" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"name" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"key" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"stored_bytes" bigint NOT NULL,
	"duration_seconds" double precision,
	"width" integer,
	"height" integer,
	"codec" text,
	"thumb_key" text,
	"preview_key" text,
	"failure_key" text,
	"failure_params" jsonb,
	"processing_attempts" integer DEFAULT 0 NOT NULL,
	"processing_started_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"usage" text DEFAULT 'pending' NOT NULL,
	"usage_reason" text DEFAULT '' NOT NULL,
	"usage_video_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"usage_at" timestamp with time zone,
	"usage_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "footage_uploadId_unique" UNIQUE("upload_id"),
	CONSTRAINT "footage_tusId_unique" UNIQUE("tus_id"),
	CONSTRAINT "footage_failure_chk" CHECK (("footage"."status" = 'failed') = ("footage"."failure_key" is not null))
);
--> statement-breakpoint
ALTER TABLE "footage" ADD CONSTRAINT "footage_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footage" ADD CONSTRAINT "footage_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footage" ADD CONSTRAINT "footage_usage_by_id_accounts_id_fk" FOREIGN KEY ("usage_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "footage_merchant_idx" ON "footage" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "footage_processing_idx" ON "footage" USING btree ("created_at") WHERE "footage"."status" = 'processing';