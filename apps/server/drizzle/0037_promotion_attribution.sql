CREATE TABLE "promotion_daily" (
	"owner_id" integer NOT NULL,
	"day" date NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"commission_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "promotion_daily_owner_id_day_pk" PRIMARY KEY("owner_id","day")
);
--> statement-breakpoint
CREATE TABLE "promotion_referrals" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"signed_up_at" timestamp with time zone NOT NULL,
	"first_paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promotion_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_visits" (
	"owner_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"origin" text NOT NULL,
	"source" text NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_visits_owner_id_day_visitor_pk" PRIMARY KEY("owner_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "promotion_daily" ADD CONSTRAINT "promotion_daily_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_referrals" ADD CONSTRAINT "promotion_referrals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_referrals" ADD CONSTRAINT "promotion_referrals_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_visits" ADD CONSTRAINT "promotion_visits_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_visits_origin_idx" ON "promotion_visits" USING btree ("owner_id","day","origin");