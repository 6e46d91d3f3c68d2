ALTER TABLE "products" ADD COLUMN "sold_out_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_out_until_back_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "toppings" ADD COLUMN "sold_out_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "toppings" ADD COLUMN "sold_out_until_back_on" boolean DEFAULT false NOT NULL;