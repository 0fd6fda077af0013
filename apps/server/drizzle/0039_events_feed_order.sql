DROP INDEX "events_account_idx";--> statement-breakpoint
DROP INDEX "events_studio_idx";--> statement-breakpoint
DROP INDEX "events_agent_idx";--> statement-breakpoint
DROP INDEX "events_main_agent_idx";--> statement-breakpoint
DROP INDEX "events_operator_idx";--> statement-breakpoint
CREATE INDEX "events_account_idx" ON "events" USING btree ("account_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_studio_idx" ON "events" USING btree ("studio_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_agent_idx" ON "events" USING btree ("agent_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_main_agent_idx" ON "events" USING btree ("main_agent_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_operator_idx" ON "events" USING btree ("operator_id","id" DESC NULLS FIRST);