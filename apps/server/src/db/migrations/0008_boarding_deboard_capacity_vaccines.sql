ALTER TABLE "vaccinations" ADD COLUMN "serial_no" text;--> statement-breakpoint
ALTER TABLE "visit_types" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "boardings" ADD COLUMN "extra_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "boardings" ADD COLUMN "extra_charged_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "boardings" ADD COLUMN "subscription_days_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "boardings" ADD COLUMN "deboarded_by" varchar(24);--> statement-breakpoint
ALTER TABLE "boardings" ADD COLUMN "admission_missing" jsonb;--> statement-breakpoint
ALTER TABLE "boardings" ADD COLUMN "admission_ack_by" varchar(24);--> statement-breakpoint
ALTER TABLE "boardings" ADD COLUMN "admission_ack_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_paise" bigint;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "duration_days" integer;--> statement-breakpoint
UPDATE "subscriptions" s SET "price_paise" = p."price_paise", "duration_days" = p."duration_days" FROM "subscription_plans" p WHERE p."id" = s."plan_id";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "price_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "duration_days" SET NOT NULL;--> statement-breakpoint
UPDATE "visit_types" SET "capacity" = CASE "code" WHEN 'hostel' THEN 20 WHEN 'day_care' THEN 25 WHEN 'day_school' THEN 20 WHEN 'play_school' THEN 20 WHEN 'dog_park' THEN 30 END WHERE "code" IN ('hostel','day_care','day_school','play_school','dog_park');--> statement-breakpoint
ALTER TABLE "boardings" ADD CONSTRAINT "boardings_deboarded_by_users_id_fk" FOREIGN KEY ("deboarded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boardings" ADD CONSTRAINT "boardings_admission_ack_by_users_id_fk" FOREIGN KEY ("admission_ack_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_types" ADD CONSTRAINT "visit_types_capacity_ck" CHECK ("visit_types"."capacity" is null or "visit_types"."capacity" >= 0);--> statement-breakpoint
ALTER TABLE "boardings" ADD CONSTRAINT "boardings_extra_ck" CHECK ("boardings"."extra_days" >= 0 and "boardings"."extra_charged_paise" >= 0 and "boardings"."subscription_days_used" >= 0);