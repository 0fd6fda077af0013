DROP INDEX "accounts_agent_idx";--> statement-breakpoint
DROP INDEX "accounts_expire_idx";--> statement-breakpoint
CREATE INDEX "accounts_agent_idx" ON "accounts" USING btree ("agent_id","account_type","studio_id","consumption_cents");--> statement-breakpoint
CREATE INDEX "accounts_expire_idx" ON "accounts" USING btree ("account_type","pay_status","expire_at","id");