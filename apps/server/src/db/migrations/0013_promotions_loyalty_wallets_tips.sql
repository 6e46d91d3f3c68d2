CREATE TABLE "loyalty_ledger" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"order_id" char(24),
	"entry" text NOT NULL,
	"stamps" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "loyalty_ledger_entry_check" CHECK ("loyalty_ledger"."entry" in ('earned', 'reversed', 'redeemed', 'restored'))
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" char(24) PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_customers_provider_customer_id_unique" UNIQUE("provider_customer_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_redemptions" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"promotion_id" char(24) NOT NULL,
	"order_id" char(24) NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"rule" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "promotions_code_check" CHECK ("promotions"."code" is null or "promotions"."code" = upper("promotions"."code"))
);
--> statement-breakpoint
CREATE TABLE "test_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"needs_cvc" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"detached_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tip" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "stamp_card" jsonb;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "tipping_policy" text;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_ledger_user_idx" ON "loyalty_ledger" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_order_entry_unique" ON "loyalty_ledger" USING btree ("order_id","entry");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_redemptions_order_unique" ON "promotion_redemptions" USING btree ("order_id","promotion_id");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_promotion_idx" ON "promotion_redemptions" USING btree ("promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_unique" ON "promotions" USING btree ("code") WHERE "promotions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "test_payment_methods_customer_idx" ON "test_payment_methods" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_check" CHECK ("orders"."discount" >= 0 and "orders"."discount" <= "orders"."subtotal" + "orders"."delivery_fee");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tip_check" CHECK ("orders"."tip" >= 0 and ("orders"."tip" = 0 or "orders"."fulfilment" = 'delivery'));--> statement-breakpoint
-- The stamp card's ledger is append-only: an entry is never changed (its order may only be let go of, when the order
-- is deleted); a row goes only with its account.
CREATE FUNCTION "loyalty_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.entry IS DISTINCT FROM OLD.entry OR NEW.stamps IS DISTINCT FROM OLD.stamps
    OR NEW.at IS DISTINCT FROM OLD.at OR NEW.order_id IS NOT NULL THEN
    RAISE EXCEPTION 'loyalty_ledger is append-only';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "loyalty_ledger_append_only" BEFORE UPDATE ON "loyalty_ledger" FOR EACH ROW EXECUTE FUNCTION "loyalty_ledger_append_only"();
