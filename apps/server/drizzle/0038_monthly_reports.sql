CREATE TABLE "monthly_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monthly_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"month" text NOT NULL,
	"language" text NOT NULL,
	"facts" jsonb NOT NULL,
	"pdf_keys" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monthly_reports" ADD CONSTRAINT "monthly_reports_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_reports_merchant_month_uq" ON "monthly_reports" USING btree ("merchant_id","month");--> statement-breakpoint
CREATE INDEX "monthly_reports_month_idx" ON "monthly_reports" USING btree ("month" DESC NULLS FIRST,"id" DESC NULLS FIRST);