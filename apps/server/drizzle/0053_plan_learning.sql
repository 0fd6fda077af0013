CREATE TABLE "creative_learning_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"pins" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bans" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creative_learning_settings" ADD CONSTRAINT "creative_learning_settings_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_learning_settings" ADD CONSTRAINT "creative_learning_settings_updated_by_id_accounts_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_renders" ADD COLUMN "learning" jsonb;
