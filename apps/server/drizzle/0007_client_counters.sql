ALTER TABLE "accounts" ADD COLUMN "client_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "client_sales_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "accounts_top_clients_idx" ON "accounts" USING btree ("account_type","client_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "accounts_top_sales_idx" ON "accounts" USING btree ("account_type","client_sales_cents" DESC NULLS LAST,"id");