CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"printer_id" char(24) NOT NULL,
	"order_id" char(24),
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"document" text NOT NULL,
	"copies" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"printed_at" timestamp with time zone,
	"not_before" timestamp with time zone NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"late_warned_at" timestamp with time zone,
	"request_key" text,
	"request_hash" text,
	CONSTRAINT "print_jobs_kind" CHECK ("print_jobs"."kind" in ('kitchen', 'customer')),
	CONSTRAINT "print_jobs_reason" CHECK ("print_jobs"."reason" in ('accept', 'reprint', 'test')),
	CONSTRAINT "print_jobs_status" CHECK ("print_jobs"."status" in ('queued', 'sending', 'printed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "print_requests" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"connection_kind" text NOT NULL,
	"host" text,
	"port" integer,
	"cloudprnt_secret" text,
	"paper_width" integer NOT NULL,
	"copies" integer NOT NULL,
	"prints_kitchen" boolean NOT NULL,
	"prints_customer" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "printers_connection_kind" CHECK ("printers"."connection_kind" in ('tcp', 'cloudprnt')),
	CONSTRAINT "printers_paper_width" CHECK ("printers"."paper_width" in (80, 58)),
	CONSTRAINT "printers_copies" CHECK ("printers"."copies" between 1 and 5),
	CONSTRAINT "printers_connection" CHECK (("printers"."connection_kind" = 'tcp' and "printers"."host" is not null and "printers"."port" is not null) or ("printers"."connection_kind" = 'cloudprnt' and "printers"."cloudprnt_secret" is not null))
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_waiting_idx" ON "print_jobs" USING btree ("printer_id","created_at") WHERE "print_jobs"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "print_jobs_order_idx" ON "print_jobs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "print_jobs_request_idx" ON "print_jobs" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_accept_once" ON "print_jobs" USING btree ("printer_id","order_id","kind") WHERE "print_jobs"."reason" = 'accept';--> statement-breakpoint
CREATE UNIQUE INDEX "printers_name_unique" ON "printers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "printers_cloudprnt_secret_unique" ON "printers" USING btree ("cloudprnt_secret");