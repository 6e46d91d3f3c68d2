ALTER TABLE "shop_settings" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "minimum_delivery" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "minimum_collection" integer;