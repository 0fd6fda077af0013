CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"wechat" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"company_short_name" text DEFAULT '' NOT NULL,
	"company_full_name" text DEFAULT '' NOT NULL,
	"tax_number" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"account_type" smallint DEFAULT 0 NOT NULL,
	"agent_type" text,
	"main_agent_id" integer,
	"agent_no" text,
	"agent_id" integer,
	"studio_id" integer,
	"operator_id" integer,
	"pay_status" smallint DEFAULT 0 NOT NULL,
	"expire_at" timestamp with time zone,
	"info_status" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"consumption_cents" bigint DEFAULT 0 NOT NULL,
	"first_discount_used" boolean DEFAULT false NOT NULL,
	"sale_name" text DEFAULT '' NOT NULL,
	"sale_email" text DEFAULT '' NOT NULL,
	"sale_uid" text DEFAULT '' NOT NULL,
	"referral_code" text NOT NULL,
	"referred_by_id" integer,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"notifications" jsonb DEFAULT '{"email":true,"sms":false,"system":true,"marketing":false}'::jsonb NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_email_unique" UNIQUE("email"),
	CONSTRAINT "accounts_agentNo_unique" UNIQUE("agent_no"),
	CONSTRAINT "accounts_referralCode_unique" UNIQUE("referral_code"),
	CONSTRAINT "accounts_pay_status_chk" CHECK ("accounts"."pay_status" in (0, 1, 2)),
	CONSTRAINT "accounts_info_status_chk" CHECK ("accounts"."info_status" in (0, 1)),
	CONSTRAINT "accounts_consumption_chk" CHECK ("accounts"."consumption_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "email_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"scene" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_main_agent_id_accounts_id_fk" FOREIGN KEY ("main_agent_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_agent_id_accounts_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_studio_id_accounts_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_operator_id_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_referred_by_id_accounts_id_fk" FOREIGN KEY ("referred_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_type_created_idx" ON "accounts" USING btree ("account_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "accounts_agent_idx" ON "accounts" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "accounts_studio_idx" ON "accounts" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "accounts_operator_idx" ON "accounts" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "accounts_main_agent_idx" ON "accounts" USING btree ("main_agent_id");--> statement-breakpoint
CREATE INDEX "email_codes_lookup_idx" ON "email_codes" USING btree ("email","scene","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");