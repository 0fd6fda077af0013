-- Keeps account_rollups exact: every change to an account moves its old bucket down and its
-- new bucket up, in the same transaction as the change itself.
CREATE OR REPLACE FUNCTION account_rollups_add(t smallint, p smallint, a text, created timestamptz, n integer, c bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO account_rollups AS r (account_type, pay_status, agent_type, month, accounts, consumption_cents)
  VALUES (t, p, coalesce(a, ''), date_trunc('month', created AT TIME ZONE 'UTC')::date, n, c)
  ON CONFLICT (account_type, pay_status, agent_type, month)
  DO UPDATE SET accounts = r.accounts + excluded.accounts, consumption_cents = r.consumption_cents + excluded.consumption_cents;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_rollups_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op IN ('UPDATE', 'DELETE') THEN
    PERFORM account_rollups_add(old.account_type, old.pay_status, old.agent_type, old.created_at, -1, -old.consumption_cents);
  END IF;
  IF tg_op IN ('INSERT', 'UPDATE') THEN
    PERFORM account_rollups_add(new.account_type, new.pay_status, new.agent_type, new.created_at, 1, new.consumption_cents);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_rollups
AFTER INSERT OR DELETE OR UPDATE OF account_type, pay_status, agent_type, created_at, consumption_cents ON accounts
FOR EACH ROW EXECUTE FUNCTION account_rollups_track();
--> statement-breakpoint
INSERT INTO account_rollups (account_type, pay_status, agent_type, month, accounts, consumption_cents)
SELECT account_type, pay_status, coalesce(agent_type, ''), date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*), sum(consumption_cents)
  FROM accounts GROUP BY 1, 2, 3, 4;
