DROP TABLE "dashboard_shares" CASCADE;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- Events written before this column were recorded when they happened.
UPDATE "events" SET "recorded_at" = "created_at";
--> statement-breakpoint
-- The facts readers now take from the event itself, added to the events stored before: the
-- payment and its commission shares on a completed payment, the (unknown) reversals of a refund.
UPDATE "events" e SET "payload" = e."payload"
  || jsonb_build_object('payment_id', p."id")
  || jsonb_build_object('renewal', coalesce((e."payload"->>'renewal')::boolean, false))
  || jsonb_build_object('shares', coalesce((
       SELECT jsonb_agg(jsonb_build_object('id', c."id", 'beneficiary_id', c."beneficiary_id", 'role', c."role", 'amount_cents', c."amount_cents") ORDER BY c."id")
         FROM "commissions" c WHERE c."payment_id" = p."id"), '[]'::jsonb))
  FROM "payments" p
 WHERE e."type" = 'payment.completed' AND NOT (e."payload" ? 'shares') AND p."order_id" = (e."payload"->>'order_id')::int;
--> statement-breakpoint
UPDATE "events" SET "payload" = "payload" || '{"reversals": []}'::jsonb WHERE "type" = 'payment.refunded' AND NOT ("payload" ? 'reversals');
