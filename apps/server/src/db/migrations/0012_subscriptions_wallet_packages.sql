CREATE TABLE "subscription_events" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"subscription_id" varchar(24) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"visit_id" varchar(24),
	"plan_id" varchar(24) NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"groomings" integer DEFAULT 0 NOT NULL,
	"price_paise" bigint DEFAULT 0 NOT NULL,
	"pay_later" boolean DEFAULT false NOT NULL,
	"days_left_after" integer,
	"groomings_left_after" integer,
	"valid_until_after" date,
	"applied_at" timestamp with time zone,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "subscription_events_kind_ck" CHECK ("subscription_events"."kind" in ('purchase','renewal','expired','used_up','ended')),
	CONSTRAINT "subscription_events_status_ck" CHECK ("subscription_events"."status" in ('awaiting_payment','applied','void')),
	CONSTRAINT "subscription_events_amounts_ck" CHECK ("subscription_events"."days" >= 0 and "subscription_events"."groomings" >= 0 and "subscription_events"."price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_subscriptions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"package_id" varchar(24) NOT NULL,
	"owner_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"visit_type_id" varchar(24) NOT NULL,
	"days" integer NOT NULL,
	"price_paise" bigint NOT NULL,
	"status" varchar(20) NOT NULL,
	"activated_via" varchar(10) NOT NULL,
	"end_reason" varchar(16),
	"low_balance_warned_on" date,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" varchar(24),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_subscriptions_status_ck" CHECK ("package_subscriptions"."status" in ('awaiting_checkin','active','ended','stopped')),
	CONSTRAINT "package_subscriptions_via_ck" CHECK ("package_subscriptions"."activated_via" in ('desk','customer')),
	CONSTRAINT "package_subscriptions_ck" CHECK ("package_subscriptions"."days" >= 1 and "package_subscriptions"."price_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "boarding_packages" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"visit_type_id" varchar(24) NOT NULL,
	"days" integer NOT NULL,
	"price_paise" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boarding_packages_ck" CHECK ("boarding_packages"."days" between 1 and 366 and "boarding_packages"."price_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "checkout_orders" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"owner_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_order_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(10) NOT NULL,
	"payment_id" varchar(24),
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "checkout_orders_purpose_ck" CHECK ("checkout_orders"."purpose" in ('subscription','wallet_topup')),
	CONSTRAINT "checkout_orders_status_ck" CHECK ("checkout_orders"."status" in ('created','paid','cancelled')),
	CONSTRAINT "checkout_orders_amount_ck" CHECK ("checkout_orders"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "package_charges" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"package_pet_id" varchar(24) NOT NULL,
	"package_subscription_id" varchar(24) NOT NULL,
	"day_number" integer NOT NULL,
	"business_date" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"charge_id" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "package_charges_ck" CHECK ("package_charges"."day_number" >= 1 and "package_charges"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_pets" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"package_subscription_id" varchar(24) NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"boarding_id" varchar(24),
	"status" varchar(10) NOT NULL,
	"start_date" date,
	"days_charged" integer DEFAULT 0 NOT NULL,
	"added_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "package_pets_status_ck" CHECK ("package_pets"."status" in ('waiting','boarded','removed','done')),
	CONSTRAINT "package_pets_days_ck" CHECK ("package_pets"."days_charged" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_subject_ck";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_charge_for_ck";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "first_payment_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "last_payment_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "package_id" varchar(24);--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "validity_days" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "visit_type_id" varchar(24);--> statement-breakpoint
-- A subscription is for its plan's purpose.
UPDATE "subscriptions" s SET "visit_type_id" = p."visit_type_id" FROM "subscription_plans" p WHERE p."id" = s."plan_id";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "visit_type_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "awaiting_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "expiry_warned_on" date;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_subscriptions" ADD CONSTRAINT "package_subscriptions_package_id_boarding_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."boarding_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_subscriptions" ADD CONSTRAINT "package_subscriptions_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_subscriptions" ADD CONSTRAINT "package_subscriptions_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_subscriptions" ADD CONSTRAINT "package_subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_subscriptions" ADD CONSTRAINT "package_subscriptions_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boarding_packages" ADD CONSTRAINT "boarding_packages_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_orders" ADD CONSTRAINT "checkout_orders_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_orders" ADD CONSTRAINT "checkout_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_orders" ADD CONSTRAINT "checkout_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_charges" ADD CONSTRAINT "package_charges_package_pet_id_package_pets_id_fk" FOREIGN KEY ("package_pet_id") REFERENCES "public"."package_pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_charges" ADD CONSTRAINT "package_charges_package_subscription_id_package_subscriptions_id_fk" FOREIGN KEY ("package_subscription_id") REFERENCES "public"."package_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_charges" ADD CONSTRAINT "package_charges_charge_id_payments_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_pets" ADD CONSTRAINT "package_pets_package_subscription_id_package_subscriptions_id_fk" FOREIGN KEY ("package_subscription_id") REFERENCES "public"."package_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_pets" ADD CONSTRAINT "package_pets_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_pets" ADD CONSTRAINT "package_pets_boarding_id_boardings_id_fk" FOREIGN KEY ("boarding_id") REFERENCES "public"."boardings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_pets" ADD CONSTRAINT "package_pets_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_events_sub_idx" ON "subscription_events" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_events_visit_uq" ON "subscription_events" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "package_subscriptions_owner_idx" ON "package_subscriptions" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "package_subscriptions_live_idx" ON "package_subscriptions" USING btree ("status") WHERE "package_subscriptions"."status" in ('awaiting_checkin','active');--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_orders_provider_order_uq" ON "checkout_orders" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE INDEX "checkout_orders_user_idx" ON "checkout_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "package_charges_day_uq" ON "package_charges" USING btree ("package_pet_id","day_number");--> statement-breakpoint
CREATE UNIQUE INDEX "package_charges_date_uq" ON "package_charges" USING btree ("package_pet_id","business_date");--> statement-breakpoint
CREATE INDEX "package_charges_package_idx" ON "package_charges" USING btree ("package_subscription_id","business_date");--> statement-breakpoint
CREATE INDEX "package_pets_package_idx" ON "package_pets" USING btree ("package_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_pets_one_live_uq" ON "package_pets" USING btree ("pet_id") WHERE "package_pets"."status" in ('waiting','boarded');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_package_id_package_subscriptions_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_package_idx" ON "payments" USING btree ("package_id");--> statement-breakpoint
-- Before one live subscription per pet and purpose: of several active ones (the original allowed them per plan),
-- the most recently paid stays active; the others end (listed by: select * from subscription_events where kind = 'ended').
WITH ranked AS (
  SELECT "id", row_number() OVER (PARTITION BY "pet_id", "visit_type_id" ORDER BY "last_payment_date" DESC NULLS LAST, "id" DESC) AS n
  FROM "subscriptions" WHERE "active"
), ended AS (
  UPDATE "subscriptions" s SET "active" = false FROM ranked r WHERE r."id" = s."id" AND r.n > 1 RETURNING s.*
)
INSERT INTO "subscription_events" ("id", "subscription_id", "kind", "status", "plan_id", "days", "groomings", "applied_at")
SELECT substr(md5('ended:' || "id"), 1, 24), "id", 'ended', 'applied', "plan_id", "days_left", "groomings_left", now() FROM ended;--> statement-breakpoint
-- The history of the subscriptions already sold: their first purchase (applied), from the Buy Subscription visit when there is one.
INSERT INTO "subscription_events" ("id", "subscription_id", "kind", "status", "visit_id", "plan_id", "days", "groomings", "price_paise", "days_left_after", "groomings_left_after", "applied_at", "created_at")
SELECT substr(md5('purchase:' || s."id"), 1, 24), s."id", 'purchase', 'applied',
  (SELECT v."id" FROM "visits" v WHERE v."subscription_id" = s."id" AND NOT v."is_subscription_availed" ORDER BY v."created_at" LIMIT 1),
  s."plan_id", s."duration_days", s."groomings_left", s."price_paise", s."days_left", s."groomings_left", s."created_at", s."created_at"
FROM "subscriptions" s;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_uq" ON "subscriptions" USING btree ("pet_id","visit_type_id") WHERE "subscriptions"."active" or "subscriptions"."awaiting_payment";--> statement-breakpoint
CREATE INDEX "subscriptions_valid_until_idx" ON "subscriptions" USING btree ("valid_until") WHERE "subscriptions"."active";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subject_ck" CHECK ("payments"."account" <> 'sale' or num_nonnulls("payments"."visit_id", "payments"."boarding_id", "payments"."subscription_id", "payments"."prescription_id", "payments"."appointment_id", "payments"."package_id") >= 1);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_charge_for_ck" CHECK ("payments"."charge_for" is null or ("payments"."kind" = 'charge' and "payments"."charge_for" in ('sale','extra_days','package_day')));--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_validity_ck" CHECK ("subscription_plans"."validity_days" is null or "subscription_plans"."validity_days" between 1 and 3660);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_live_ck" CHECK (not ("subscriptions"."active" and "subscriptions"."awaiting_payment"));--> statement-breakpoint
-- The business's package (original-data-model §3): "15 Days Boarding Plan", Hostel, 15 days, ₹11,500 per pet.
INSERT INTO "boarding_packages" ("id", "name", "visit_type_id", "days", "price_paise")
SELECT substr(md5('package:15-days-boarding'), 1, 24), '15 Days Boarding Plan', "id", 15, 1150000 FROM "visit_types" WHERE "code" = 'hostel' LIMIT 1;
