CREATE TABLE "offline_orders" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"amount_paise" bigint NOT NULL,
	"receipt" text,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offline_orders_amount_ck" CHECK ("offline_orders"."amount_paise" > 0),
	CONSTRAINT "offline_orders_status_ck" CHECK ("offline_orders"."status" in ('created','attempted','paid'))
);
--> statement-breakpoint
CREATE TABLE "offline_payment_links" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"amount_paise" bigint NOT NULL,
	"description" text NOT NULL,
	"reference_id" text NOT NULL,
	"customer" jsonb NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'created' NOT NULL,
	"payment_id" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offline_payment_links_amount_ck" CHECK ("offline_payment_links"."amount_paise" > 0),
	CONSTRAINT "offline_payment_links_status_ck" CHECK ("offline_payment_links"."status" in ('created','paid','cancelled','expired'))
);
--> statement-breakpoint
CREATE TABLE "offline_payments" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"order_id" varchar(40),
	"link_id" varchar(40),
	"amount_paise" bigint NOT NULL,
	"status" varchar(16) NOT NULL,
	"method" varchar(16) DEFAULT 'card' NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"captured_at" timestamp with time zone,
	CONSTRAINT "offline_payments_amount_ck" CHECK ("offline_payments"."amount_paise" > 0),
	CONSTRAINT "offline_payments_status_ck" CHECK ("offline_payments"."status" in ('captured','failed'))
);
--> statement-breakpoint
ALTER TABLE "offline_payments" ADD CONSTRAINT "offline_payments_order_id_offline_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."offline_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_payments" ADD CONSTRAINT "offline_payments_link_id_offline_payment_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."offline_payment_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_payments_order_idx" ON "offline_payments" USING btree ("order_id");