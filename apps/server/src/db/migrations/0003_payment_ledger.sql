CREATE TABLE "receipt_counters" (
	"financial_year" varchar(7) PRIMARY KEY NOT NULL,
	"last_seq" integer NOT NULL
);--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_ck";--> statement-breakpoint
ALTER TABLE "visit_types" ADD COLUMN "code" varchar(32);--> statement-breakpoint
UPDATE "visit_types" SET "code" = trim(both '_' from regexp_replace(lower("purpose"), '[^a-z0-9]+', '_', 'g'));--> statement-breakpoint
ALTER TABLE "visit_types" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "method" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_of" varchar(24);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_no" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_link_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "link_url" text;--> statement-breakpoint
UPDATE "payments" p SET "pet_id" = rx."pet_id" FROM "prescriptions" rx WHERE p."pet_id" IS NULL AND p."prescription_id" = rx."id";--> statement-breakpoint
UPDATE "payments" SET "kind" = 'payment', "status" = CASE "status" WHEN 'paid' THEN 'completed' ELSE "status" END, "method" = CASE "method" WHEN 'razorpay' THEN 'card' ELSE "method" END;--> statement-breakpoint
DELETE FROM "payments" WHERE "amount_paise" = 0;--> statement-breakpoint
INSERT INTO "payments" ("id", "kind", "status", "amount_paise", "pet_id", "prescription_id", "created_by", "paid_at", "created_at")
SELECT substr(md5(random()::text || rx."id" || clock_timestamp()::text), 1, 24), 'charge', 'completed', rx."total_paise", rx."pet_id", rx."id", rx."created_by", rx."created_at", rx."created_at"
FROM "prescriptions" rx WHERE rx."total_paise" > 0;--> statement-breakpoint
WITH fy AS (
  SELECT "id", "created_at",
    (CASE WHEN extract(month FROM "created_at" AT TIME ZONE 'Asia/Kolkata') >= 4 THEN extract(year FROM "created_at" AT TIME ZONE 'Asia/Kolkata') ELSE extract(year FROM "created_at" AT TIME ZONE 'Asia/Kolkata') - 1 END)::int AS y
  FROM "payments" WHERE "kind" = 'payment' AND "status" = 'completed'
), numbered AS (
  SELECT "id", y::text || '-' || lpad(((y + 1) % 100)::text, 2, '0') AS fy, row_number() OVER (PARTITION BY y ORDER BY "created_at", "id") AS seq FROM fy
)
UPDATE "payments" p SET "receipt_no" = n.fy || '/' || lpad(n.seq::text, 6, '0') FROM numbered n WHERE p."id" = n."id";--> statement-breakpoint
INSERT INTO "receipt_counters" ("financial_year", "last_seq")
SELECT split_part("receipt_no", '/', 1), max(split_part("receipt_no", '/', 2)::int) FROM "payments" WHERE "receipt_no" IS NOT NULL GROUP BY 1;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "pet_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_types_code_uq" ON "visit_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_uq" ON "payments" USING btree ("receipt_no");--> statement-breakpoint
CREATE INDEX "payments_link_idx" ON "payments" USING btree ("provider_link_id");--> statement-breakpoint
CREATE INDEX "payments_boarding_idx" ON "payments" USING btree ("boarding_id");--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "payments_pet_idx" ON "payments" USING btree ("pet_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at");--> statement-breakpoint
ALTER TABLE "boardings" DROP COLUMN "final_price_paise";--> statement-breakpoint
ALTER TABLE "boardings" DROP COLUMN "payment_left_paise";--> statement-breakpoint
ALTER TABLE "boardings" DROP COLUMN "extra_charge_paise";--> statement-breakpoint
ALTER TABLE "boardings" ADD CONSTRAINT "boardings_days_ck" CHECK ("boardings"."number_of_days" >= 1);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_ck" CHECK ("payments"."kind" in ('charge','payment','refund','write_off'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_ck" CHECK ("payments"."status" in ('pending','completed','failed','void'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_ck" CHECK (("payments"."kind" in ('payment','refund') and "payments"."method" in ('cash','payment_link','card','not_recorded')) or ("payments"."kind" in ('charge','write_off') and "payments"."method" is null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_type_ck" CHECK ("payments"."payment_type" is null or "payments"."payment_type" in ('partial_payment','advance_payment','payment_after_service'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subject_ck" CHECK (num_nonnulls("payments"."visit_id", "payments"."boarding_id", "payments"."subscription_id", "payments"."prescription_id", "payments"."appointment_id") >= 1);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_ck" CHECK ("payments"."receipt_no" is null or ("payments"."kind" in ('payment','refund') and "payments"."status" = 'completed'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_ck" CHECK ("payments"."amount_paise" > 0);
