CREATE TABLE "ledger_purpose_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_purpose_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"delta_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_purpose_totals" (
	"purpose" text PRIMARY KEY NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The totals as the balances stand when this migration runs; postings from here on add deltas.
INSERT INTO "ledger_purpose_totals" ("purpose", "balance_cents") SELECT "purpose", sum("balance_cents") FROM "ledger_balances" GROUP BY "purpose";
