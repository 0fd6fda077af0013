DROP INDEX "accounts_type_created_idx";--> statement-breakpoint
DROP INDEX "accounts_agent_idx";--> statement-breakpoint
DROP INDEX "accounts_studio_idx";--> statement-breakpoint
CREATE INDEX "accounts_created_idx" ON "accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_search_idx" ON "accounts" USING gin (("email" || ' ' || "name" || ' ' || "username" || ' ' || "company_short_name" || ' ' || "phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "areas_name_search_idx" ON "areas" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_type_created_idx" ON "accounts" USING btree ("account_type","created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_agent_idx" ON "accounts" USING btree ("agent_id","account_type");--> statement-breakpoint
CREATE INDEX "accounts_studio_idx" ON "accounts" USING btree ("studio_id","account_type");