DROP INDEX "accounts_top_clients_idx";--> statement-breakpoint
DROP INDEX "accounts_top_sales_idx";--> statement-breakpoint
DROP INDEX "email_codes_lookup_idx";--> statement-breakpoint
DROP INDEX "content_items_public_idx";--> statement-breakpoint
DROP INDEX "content_items_staff_idx";--> statement-breakpoint
DROP INDEX "courses_status_idx";--> statement-breakpoint
DROP INDEX "events_account_idx";--> statement-breakpoint
DROP INDEX "events_studio_idx";--> statement-breakpoint
DROP INDEX "events_agent_idx";--> statement-breakpoint
DROP INDEX "events_main_agent_idx";--> statement-breakpoint
DROP INDEX "events_operator_idx";--> statement-breakpoint
DROP INDEX "events_created_idx";--> statement-breakpoint
DROP INDEX "commissions_beneficiary_idx";--> statement-breakpoint
DROP INDEX "commissions_payer_idx";--> statement-breakpoint
DROP INDEX "commissions_created_idx";--> statement-breakpoint
DROP INDEX "commissions_role_created_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_account_idx";--> statement-breakpoint
DROP INDEX "ledger_transactions_party_idx";--> statement-breakpoint
DROP INDEX "ledger_transactions_created_idx";--> statement-breakpoint
DROP INDEX "ledger_transactions_kind_created_idx";--> statement-breakpoint
DROP INDEX "refunds_created_idx";--> statement-breakpoint
DROP INDEX "settlements_account_idx";--> statement-breakpoint
DROP INDEX "settlements_status_idx";--> statement-breakpoint
DROP INDEX "settlements_created_idx";--> statement-breakpoint
CREATE INDEX "commissions_status_created_idx" ON "commissions" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "accounts_top_clients_idx" ON "accounts" USING btree ("account_type","client_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "accounts_top_sales_idx" ON "accounts" USING btree ("account_type","client_sales_cents" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "email_codes_lookup_idx" ON "email_codes" USING btree ("email","scene","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "content_items_public_idx" ON "content_items" USING btree ("status","type","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "content_items_staff_idx" ON "content_items" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_status_idx" ON "courses" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_account_idx" ON "events" USING btree ("account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_studio_idx" ON "events" USING btree ("studio_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_agent_idx" ON "events" USING btree ("agent_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_main_agent_idx" ON "events" USING btree ("main_agent_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_operator_idx" ON "events" USING btree ("operator_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "commissions_beneficiary_idx" ON "commissions" USING btree ("beneficiary_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "commissions_payer_idx" ON "commissions" USING btree ("payer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "commissions_created_idx" ON "commissions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "commissions_role_created_idx" ON "commissions" USING btree ("role","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("ledger_account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_transactions_party_idx" ON "ledger_transactions" USING btree ("party_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_transactions_kind_created_idx" ON "ledger_transactions" USING btree ("kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "settlements_account_idx" ON "settlements" USING btree ("account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "settlements_status_idx" ON "settlements" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "settlements_created_idx" ON "settlements" USING btree ("created_at" DESC NULLS FIRST);