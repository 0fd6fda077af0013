CREATE TABLE "account_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_throttle" ADD COLUMN "subject" text;--> statement-breakpoint
UPDATE "sign_in_throttle" SET "subject" = 'email:' || encode(sha256(convert_to("accounts"."email", 'UTF8')), 'hex') FROM "accounts" WHERE "accounts"."id" = "sign_in_throttle"."account_id";--> statement-breakpoint
DELETE FROM "sign_in_throttle" WHERE "subject" IS NULL;--> statement-breakpoint
ALTER TABLE "sign_in_throttle" DROP CONSTRAINT "sign_in_throttle_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "sign_in_throttle" DROP COLUMN "account_id";--> statement-breakpoint
ALTER TABLE "sign_in_throttle" ALTER COLUMN "subject" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_throttle" ADD PRIMARY KEY ("subject");--> statement-breakpoint
CREATE INDEX "sign_in_throttle_last_failure_idx" ON "sign_in_throttle" USING btree ("last_failure_at");
