CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ALTER COLUMN "unit_cost_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "inventory_items" ALTER COLUMN "unit_min_retail_ngo_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "inventory_items" ALTER COLUMN "unit_max_retail_customer_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "prescription_lines" ALTER COLUMN "unit_price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "prescription_lines" ALTER COLUMN "line_total_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "prescriptions" ALTER COLUMN "total_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "visit_types" ALTER COLUMN "price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "visit_types" ALTER COLUMN "halfday_price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "visit_types" ALTER COLUMN "consultation_pvt_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "visit_types" ALTER COLUMN "consultation_pvt_emergency_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "visit_types" ALTER COLUMN "consultation_ngo_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "visit_types" ALTER COLUMN "consultation_ngo_emergency_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "service_price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "total_amount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "boardings" ALTER COLUMN "final_price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "boardings" ALTER COLUMN "payment_left_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "boardings" ALTER COLUMN "extra_charge_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "subscription_plans" ALTER COLUMN "price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "discount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "visit_items" ALTER COLUMN "price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "visits" ALTER COLUMN "price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "visits" ALTER COLUMN "discount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "customer_services" ALTER COLUMN "price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sessions_valid_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "login_failures_window_idx" ON "login_failures" USING btree ("window_ends");