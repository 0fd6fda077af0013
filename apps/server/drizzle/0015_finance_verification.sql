CREATE TABLE "business_corrections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
CREATE TABLE "payout_verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"legal_name" text NOT NULL,
	"tax_kind" text NOT NULL,
	"tax_last4" text NOT NULL,
	"holder_name" text NOT NULL,
	"routing_last4" text NOT NULL,
	"account_last4" text NOT NULL,
	"secret" text NOT NULL,
	"document_upload_id" integer,
	"document_key" text NOT NULL,
	"document_mime" text NOT NULL,
	"reject_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_verifications_reason_chk" CHECK (("payout_verifications"."status" = 'rejected') = ("payout_verifications"."reject_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "settlements" ALTER COLUMN "gross_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "settlements" ALTER COLUMN "fee_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "settlements" ALTER COLUMN "net_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "party_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "amount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_corrections" ADD CONSTRAINT "business_corrections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_corrections" ADD CONSTRAINT "business_corrections_resolved_by_accounts_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_verifications" ADD CONSTRAINT "payout_verifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_verifications" ADD CONSTRAINT "payout_verifications_document_upload_id_uploads_id_fk" FOREIGN KEY ("document_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_verifications" ADD CONSTRAINT "payout_verifications_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_corrections_account_idx" ON "business_corrections" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "business_corrections_status_idx" ON "business_corrections" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_verifications_account_uq" ON "payout_verifications" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "payout_verifications_status_idx" ON "payout_verifications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "commissions_created_idx" ON "commissions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_transactions_party_idx" ON "ledger_transactions" USING btree ("party_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);