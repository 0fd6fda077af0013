-- Keeps accounts.client_count and accounts.client_sales_cents exact: a client's agent, studio
-- and operator each count it and its spending, moved in the same transaction as the change.
CREATE OR REPLACE FUNCTION account_clients_add(owner integer, n integer, c bigint)
RETURNS void LANGUAGE sql AS $$
  UPDATE accounts SET client_count = client_count + n, client_sales_cents = client_sales_cents + c WHERE id = owner;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_clients_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update that leaves every counted column as it was moves nothing.
  IF tg_op = 'UPDATE'
     AND old.account_type IS NOT DISTINCT FROM new.account_type
     AND old.agent_id IS NOT DISTINCT FROM new.agent_id
     AND old.studio_id IS NOT DISTINCT FROM new.studio_id
     AND old.operator_id IS NOT DISTINCT FROM new.operator_id
     AND old.consumption_cents IS NOT DISTINCT FROM new.consumption_cents THEN
    RETURN NULL;
  END IF;
  IF tg_op IN ('UPDATE', 'DELETE') AND old.account_type = 0 THEN
    IF old.agent_id IS NOT NULL THEN PERFORM account_clients_add(old.agent_id, -1, -old.consumption_cents); END IF;
    IF old.studio_id IS NOT NULL THEN PERFORM account_clients_add(old.studio_id, -1, -old.consumption_cents); END IF;
    IF old.operator_id IS NOT NULL THEN PERFORM account_clients_add(old.operator_id, -1, -old.consumption_cents); END IF;
  END IF;
  IF tg_op IN ('INSERT', 'UPDATE') AND new.account_type = 0 THEN
    IF new.agent_id IS NOT NULL THEN PERFORM account_clients_add(new.agent_id, 1, new.consumption_cents); END IF;
    IF new.studio_id IS NOT NULL THEN PERFORM account_clients_add(new.studio_id, 1, new.consumption_cents); END IF;
    IF new.operator_id IS NOT NULL THEN PERFORM account_clients_add(new.operator_id, 1, new.consumption_cents); END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_client_counters
AFTER INSERT OR DELETE OR UPDATE OF account_type, agent_id, studio_id, operator_id, consumption_cents ON accounts
FOR EACH ROW EXECUTE FUNCTION account_clients_track();
--> statement-breakpoint
UPDATE accounts a
   SET client_count = x.n, client_sales_cents = x.c
  FROM (
    SELECT owner, count(*)::int AS n, sum(consumption_cents)::bigint AS c
      FROM (
        SELECT agent_id AS owner, consumption_cents FROM accounts WHERE account_type = 0 AND agent_id IS NOT NULL
        UNION ALL
        SELECT studio_id, consumption_cents FROM accounts WHERE account_type = 0 AND studio_id IS NOT NULL
        UNION ALL
        SELECT operator_id, consumption_cents FROM accounts WHERE account_type = 0 AND operator_id IS NOT NULL
      ) owned
     GROUP BY owner
  ) x
 WHERE a.id = x.owner;
