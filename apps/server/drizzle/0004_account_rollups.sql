CREATE TABLE "account_rollups" (
	"account_type" smallint NOT NULL,
	"pay_status" smallint NOT NULL,
	"agent_type" text NOT NULL,
	"month" date NOT NULL,
	"accounts" integer NOT NULL,
	"consumption_cents" bigint NOT NULL,
	CONSTRAINT "account_rollups_account_type_pay_status_agent_type_month_pk" PRIMARY KEY("account_type","pay_status","agent_type","month")
);
--> statement-breakpoint
DROP INDEX "accounts_expire_idx";--> statement-breakpoint
CREATE INDEX "accounts_pay_created_idx" ON "accounts" USING btree ("account_type","pay_status","created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_expire_idx" ON "accounts" USING btree ("account_type","pay_status","expire_at");