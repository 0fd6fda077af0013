CREATE TABLE "footage_tus_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"size" bigint NOT NULL,
	"received_bytes" bigint DEFAULT 0 NOT NULL,
	"metadata" jsonb NOT NULL,
	"mime" text,
	"ext" text,
	"multipart_id" text NOT NULL,
	"part_etags" text[] DEFAULT '{}'::text[] NOT NULL,
	"tail_key" text,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "footage_tus_uploads" ADD CONSTRAINT "footage_tus_uploads_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "footage_tus_uploads_expires_idx" ON "footage_tus_uploads" USING btree ("expires_at");