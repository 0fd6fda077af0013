CREATE TABLE "attribution_links" (
	"code" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"render_id" integer,
	"target_url" text NOT NULL,
	"coupon_code" text,
	"visits" integer DEFAULT 0 NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribution_posts" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribution_visitors" (
	"code" text NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"origin" text NOT NULL,
	"last_counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attribution_visitors_code_day_visitor_pk" PRIMARY KEY("code","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "attribution_visit_days" (
	"code" text NOT NULL,
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attribution_visit_days_code_day_pk" PRIMARY KEY("code","day")
);
--> statement-breakpoint
CREATE TABLE "attribution_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribution_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attribution_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"post_id" integer,
	"merchant_id" integer NOT NULL,
	"coupon_code" text,
	"recorded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attribution_links" ADD CONSTRAINT "attribution_links_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_posts" ADD CONSTRAINT "attribution_posts_code_attribution_links_code_fk" FOREIGN KEY ("code") REFERENCES "public"."attribution_links"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_posts" ADD CONSTRAINT "attribution_posts_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_visitors" ADD CONSTRAINT "attribution_visitors_code_attribution_links_code_fk" FOREIGN KEY ("code") REFERENCES "public"."attribution_links"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_visit_days" ADD CONSTRAINT "attribution_visit_days_code_attribution_links_code_fk" FOREIGN KEY ("code") REFERENCES "public"."attribution_links"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_visit_days" ADD CONSTRAINT "attribution_visit_days_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_redemptions" ADD CONSTRAINT "attribution_redemptions_code_attribution_links_code_fk" FOREIGN KEY ("code") REFERENCES "public"."attribution_links"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_redemptions" ADD CONSTRAINT "attribution_redemptions_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_redemptions" ADD CONSTRAINT "attribution_redemptions_recorded_by_id_accounts_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attribution_links_render_idx" ON "attribution_links" USING btree ("render_id");--> statement-breakpoint
CREATE INDEX "attribution_links_merchant_idx" ON "attribution_links" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "attribution_posts_code_idx" ON "attribution_posts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "attribution_visitors_origin_idx" ON "attribution_visitors" USING btree ("code","day","origin");--> statement-breakpoint
CREATE INDEX "attribution_visit_days_merchant_idx" ON "attribution_visit_days" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE INDEX "attribution_redemptions_merchant_idx" ON "attribution_redemptions" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "attribution_redemptions_code_idx" ON "attribution_redemptions" USING btree ("code","created_at");--> statement-breakpoint
ALTER TABLE "creative_briefs" ADD COLUMN "coupon_code" text DEFAULT '' NOT NULL;
