ALTER TABLE "products" ALTER COLUMN "allergens" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "allergens" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "toppings" ALTER COLUMN "allergens" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "toppings" ALTER COLUMN "allergens" DROP NOT NULL;--> statement-breakpoint
UPDATE "products" SET "allergens" = NULL WHERE "allergens" = '[]'::jsonb;--> statement-breakpoint
UPDATE "toppings" SET "allergens" = NULL WHERE "allergens" = '[]'::jsonb;
