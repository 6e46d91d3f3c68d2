ALTER TABLE "idempotency_keys" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taken_by" char(24);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_token" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_guest_key_unique" ON "idempotency_keys" USING btree ("key") WHERE "idempotency_keys"."user_id" is null;--> statement-breakpoint
CREATE INDEX "orders_email_created_at_idx" ON "orders" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "orders_phone_created_at_idx" ON "orders" USING btree ("phone","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tracking_token_unique" UNIQUE("tracking_token");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_check" CHECK ("orders"."channel" in ('web', 'guest', 'phone', 'counter'));--> statement-breakpoint
-- Phone numbers in one form (E.164) however they were typed: the UK's rules, as domain/phone.ts reads a number
-- without its country code. Addresses are the customer's own; an order's number comes from its address snapshot.
CREATE FUNCTION pg_temp.e164(typed text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN d = '' THEN NULL
    WHEN btrim(typed) LIKE '+%' THEN '+' || d
    WHEN d LIKE '00%' THEN '+' || substr(d, 3)
    WHEN d LIKE '44%' AND length(d) >= 12 THEN '+' || d
    WHEN d LIKE '0%' THEN '+44' || substr(d, 2)
    ELSE '+44' || d
  END FROM (SELECT regexp_replace(coalesce(typed, ''), '[^0-9]', '', 'g') AS d) AS digits
$$;--> statement-breakpoint
UPDATE "addresses" SET "phone" = pg_temp.e164("phone") WHERE pg_temp.e164("phone") IS NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "phone" = pg_temp.e164("address"->>'phone');
