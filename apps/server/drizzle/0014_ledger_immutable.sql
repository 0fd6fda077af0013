-- The ledger is append-only: a posted transaction or entry is never changed or removed. A
-- correction is a new posting (a refund, a reversal), so history always explains every balance.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable (% on %)', tg_op, tg_table_name USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries
FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_immutable BEFORE UPDATE OR DELETE ON ledger_transactions
FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- The first commission rule (decision 021) and the finance settings row, so a fresh database
-- posts commissions from its first payment.
INSERT INTO commission_rules (version, rates, note)
VALUES (1, '{"merchant":{"studio":7000,"agent":1000,"sub_agent":700,"main_agent":300},"membership":{"agent":2000,"sub_agent":1500,"main_agent":500}}'::jsonb, 'Defaults')
ON CONFLICT (version) DO NOTHING;
--> statement-breakpoint
INSERT INTO finance_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING;
