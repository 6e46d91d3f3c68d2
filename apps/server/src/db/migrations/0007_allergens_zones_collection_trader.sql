CREATE TABLE "delivery_zones" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"fee" integer NOT NULL,
	"minimum_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "delivery_zones_code_unique" UNIQUE("code"),
	CONSTRAINT "delivery_zones_money_check" CHECK ("delivery_zones"."fee" >= 0 and "delivery_zones"."minimum_order" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "allergy_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" text DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergens" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_rate" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "collection_minutes" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "shop_postcode" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "trader_name" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "trader_address" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "trader_phone" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "trader_email" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "toppings" ADD COLUMN "allergens" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_check" CHECK ("orders"."fulfilment" in ('delivery', 'collection'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_fee_check" CHECK ("orders"."delivery_fee" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_rate_check" CHECK ("products"."vat_rate" in ('standard', 'zero'));