CREATE TABLE "shop_status" (
	"id" integer PRIMARY KEY NOT NULL,
	"busy_extra_minutes" integer,
	"busy_until" timestamp with time zone,
	"paused_until" timestamp with time zone,
	"updated_at" timestamp with time zone,
	CONSTRAINT "shop_status_single_row" CHECK ("shop_status"."id" = 1),
	CONSTRAINT "shop_status_busy_check" CHECK ("shop_status"."busy_until" is null or "shop_status"."busy_extra_minutes" is not null)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "usual_minutes" integer DEFAULT 45 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "queue_allowance" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "minutes_per_extra_order" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "slot_capacity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_due_at_idx" ON "orders" USING btree (coalesce("expected_at", "scheduled_for"));