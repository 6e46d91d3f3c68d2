CREATE TABLE "delivery_runs" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"driver_id" char(24) NOT NULL,
	"created_by" char(24),
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "driver_positions" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"driver_id" char(24) NOT NULL,
	"run_id" char(24),
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" double precision,
	"shown" boolean NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "driver_positions_lat_check" CHECK ("driver_positions"."lat" between -90 and 90 and "driver_positions"."lng" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "driver_shifts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"driver_id" char(24) NOT NULL,
	"business_date" text NOT NULL,
	"float_pence" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_by" char(24),
	"closed_at" timestamp with time zone,
	"closed_by" char(24),
	"cash_handed_in" integer,
	"pay_per_drop" integer,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "driver_shifts_money_check" CHECK ("driver_shifts"."float_pence" >= 0 and ("driver_shifts"."cash_handed_in" is null or "driver_shifts"."cash_handed_in" >= 0))
);
--> statement-breakpoint
CREATE TABLE "order_update_opt_outs" (
	"order_id" char(24) NOT NULL,
	"channel" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_update_opt_outs_order_id_channel_pk" PRIMARY KEY("order_id","channel")
);
--> statement-breakpoint
CREATE TABLE "order_updates_sent" (
	"order_id" char(24) NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_updates_sent_order_id_event_channel_pk" PRIMARY KEY("order_id","event","channel")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"order_id" char(24) NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "run_stops" (
	"order_id" char(24) PRIMARY KEY NOT NULL,
	"run_id" char(24) NOT NULL,
	"position" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"assigned_by" char(24),
	"picked_up_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cash_collected" integer,
	"photo_image_id" char(24),
	CONSTRAINT "run_stops_position_check" CHECK ("run_stops"."position" >= 1),
	CONSTRAINT "run_stops_cash_check" CHECK ("run_stops"."cash_collected" is null or "run_stops"."cash_collected" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tip_payouts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"worker_id" char(24) NOT NULL,
	"month" text NOT NULL,
	"amount" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"paid_by" char(24),
	"method" text NOT NULL,
	CONSTRAINT "tip_payouts_amount_check" CHECK ("tip_payouts"."amount" >= 0),
	CONSTRAINT "tip_payouts_method_check" CHECK ("tip_payouts"."method" in ('payroll', 'cash'))
);
--> statement-breakpoint
CREATE TABLE "web_push_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "web_push_keys_single_row" CHECK ("web_push_keys"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "pay_per_drop" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "map_tile_url" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "map_attribution" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "push_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "sms_updates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "unassigned_warn_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "late_delivery_warn_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_runs" ADD CONSTRAINT "delivery_runs_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_runs" ADD CONSTRAINT "delivery_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_run_id_delivery_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."delivery_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_shifts" ADD CONSTRAINT "driver_shifts_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_shifts" ADD CONSTRAINT "driver_shifts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_shifts" ADD CONSTRAINT "driver_shifts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_update_opt_outs" ADD CONSTRAINT "order_update_opt_outs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_updates_sent" ADD CONSTRAINT "order_updates_sent_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_stops" ADD CONSTRAINT "run_stops_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_stops" ADD CONSTRAINT "run_stops_run_id_delivery_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."delivery_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_stops" ADD CONSTRAINT "run_stops_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_stops" ADD CONSTRAINT "run_stops_photo_image_id_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_payouts" ADD CONSTRAINT "tip_payouts_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_payouts" ADD CONSTRAINT "tip_payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_runs_driver_idx" ON "delivery_runs" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "driver_positions_driver_idx" ON "driver_positions" USING btree ("driver_id","recorded_at");--> statement-breakpoint
CREATE INDEX "driver_positions_run_idx" ON "driver_positions" USING btree ("run_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_shifts_driver_day_unique" ON "driver_shifts" USING btree ("driver_id","business_date");--> statement-breakpoint
CREATE INDEX "driver_shifts_day_idx" ON "driver_shifts" USING btree ("business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_order_endpoint_unique" ON "push_subscriptions" USING btree ("order_id","endpoint");--> statement-breakpoint
CREATE INDEX "run_stops_run_idx" ON "run_stops" USING btree ("run_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tip_payouts_worker_month_unique" ON "tip_payouts" USING btree ("worker_id","month");