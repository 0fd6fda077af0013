DROP INDEX "settlements_account_idx";--> statement-breakpoint
DROP INDEX "settlements_status_idx";--> statement-breakpoint
DROP INDEX "settlements_created_idx";--> statement-breakpoint
CREATE INDEX "settlements_account_idx" ON "settlements" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "settlements_status_idx" ON "settlements" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "settlements_created_idx" ON "settlements" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);