ALTER TABLE "settlements" ADD COLUMN "payout_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payout_key" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payout_requested_by" integer;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payout_request" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payout_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payout_lease_token" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payout_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payout_last_error" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_payout_requested_by_accounts_id_fk" FOREIGN KEY ("payout_requested_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlements_payout_due_idx" ON "settlements" USING btree ("payout_lease_until" NULLS FIRST,"id") WHERE "settlements"."status" = 'pending' and "settlements"."payout_started_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_payout_key_idx" ON "settlements" USING btree ("payout_key");