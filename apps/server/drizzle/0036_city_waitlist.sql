CREATE TABLE "city_waitlist" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "city_waitlist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"city_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"rank" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"hold_until" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "city_waitlist_hold_chk" CHECK ("city_waitlist"."status" <> 'offered' or "city_waitlist"."hold_until" is not null)
);
--> statement-breakpoint
ALTER TABLE "city_waitlist" ADD CONSTRAINT "city_waitlist_city_id_areas_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_waitlist" ADD CONSTRAINT "city_waitlist_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "city_waitlist_open_account_uq" ON "city_waitlist" USING btree ("account_id") WHERE "city_waitlist"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "city_waitlist_city_open_idx" ON "city_waitlist" USING btree ("city_id","rank") WHERE "city_waitlist"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "city_waitlist_account_idx" ON "city_waitlist" USING btree ("account_id","joined_at");