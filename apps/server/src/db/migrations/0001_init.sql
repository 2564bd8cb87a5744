CREATE TABLE "audit_log" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24),
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" varchar(24),
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"role" varchar(16) NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" varchar(10),
	"address" text,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_ck" CHECK ("users"."role" in ('staff','customer'))
);
--> statement-breakpoint
CREATE TABLE "owners" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" varchar(10) NOT NULL,
	"email" text,
	"address" text NOT NULL,
	"user_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pets" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"owner_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"species" varchar(16) NOT NULL,
	"breed" text NOT NULL,
	"custom_breed" text,
	"sex" varchar(8) NOT NULL,
	"color" text NOT NULL,
	"dob" date,
	"neutered" boolean DEFAULT false NOT NULL,
	"registration_date" date NOT NULL,
	"segment" varchar(16),
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pets_sex_ck" CHECK ("pets"."sex" in ('Male','Female'))
);
--> statement-breakpoint
CREATE TABLE "vaccinations" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"number_of_dose" integer,
	"given_on" date,
	"next_due" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"item_name" text NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"stock_unit" varchar(8) DEFAULT 'ml' NOT NULL,
	"item_type" varchar(16) DEFAULT 'disposable' NOT NULL,
	"unit_cost_paise" integer DEFAULT 0 NOT NULL,
	"unit_min_retail_ngo_paise" integer DEFAULT 0 NOT NULL,
	"unit_max_retail_customer_paise" integer DEFAULT 0 NOT NULL,
	"reorder_level" integer DEFAULT 10 NOT NULL,
	"total_volume" numeric(12, 2),
	"volume_ml" numeric(12, 2),
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_stock_ck" CHECK ("inventory_items"."stock" >= 0),
	CONSTRAINT "inventory_prices_ck" CHECK ("inventory_items"."unit_cost_paise" >= 0 and "inventory_items"."unit_min_retail_ngo_paise" >= 0 and "inventory_items"."unit_max_retail_customer_paise" >= 0),
	CONSTRAINT "inventory_unit_ck" CHECK ("inventory_items"."stock_unit" in ('ml','item','tablet','mg')),
	CONSTRAINT "inventory_type_ck" CHECK ("inventory_items"."item_type" in ('disposable','syringe','medicine','vaccine'))
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"item_id" varchar(24) NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" varchar(16) NOT NULL,
	"ref_id" varchar(24),
	"user_id" varchar(24),
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_ups" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"time" varchar(5),
	"purpose" text NOT NULL,
	"source" varchar(16) NOT NULL,
	"source_id" varchar(24),
	"present" boolean,
	"marked_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"channel" varchar(16) DEFAULT 'email' NOT NULL,
	"to_address" text,
	"owner_id" varchar(24),
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"dedupe_key" text,
	"kind" varchar(32) NOT NULL,
	"ref_date" date,
	"meta" jsonb,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescription_lines" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"prescription_id" varchar(24) NOT NULL,
	"section" varchar(8) NOT NULL,
	"item_id" varchar(24) NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"line_total_paise" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prescription_lines_qty_ck" CHECK ("prescription_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"customer_type" varchar(8) NOT NULL,
	"next_follow_up" date,
	"follow_up_time" varchar(5),
	"follow_up_purpose" text,
	"diagnosis" text,
	"total_paise" integer NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescriptions_customer_type_ck" CHECK ("prescriptions"."customer_type" in ('pvtltd','NGO'))
);
--> statement-breakpoint
CREATE TABLE "visit_types" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"price_paise" integer DEFAULT 0 NOT NULL,
	"halfday_price_paise" integer DEFAULT 0 NOT NULL,
	"consultation_pvt_paise" integer DEFAULT 0 NOT NULL,
	"consultation_pvt_emergency_paise" integer DEFAULT 0 NOT NULL,
	"consultation_ngo_paise" integer DEFAULT 0 NOT NULL,
	"consultation_ngo_emergency_paise" integer DEFAULT 0 NOT NULL,
	"is_boarding" boolean DEFAULT false NOT NULL,
	"has_subscription" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"service_id" varchar(24) NOT NULL,
	"service_name" text NOT NULL,
	"service_price_paise" integer NOT NULL,
	"appointment_date" date NOT NULL,
	"appointment_time" varchar(5) NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"pet_name" text NOT NULL,
	"pet_breed" text,
	"pet_age" text,
	"pet_species" text,
	"notes" text,
	"total_amount_paise" integer NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"visit_notes" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status_ck" CHECK ("appointments"."status" in ('pending','confirmed','completed','cancelled'))
);
--> statement-breakpoint
CREATE TABLE "boardings" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"visit_type_id" varchar(24) NOT NULL,
	"visit_id" varchar(24),
	"subscription_id" varchar(24),
	"number_of_days" integer DEFAULT 1 NOT NULL,
	"entry_time" timestamp with time zone DEFAULT now() NOT NULL,
	"exit_time" timestamp with time zone,
	"is_boarded" boolean DEFAULT true NOT NULL,
	"final_price_paise" integer DEFAULT 0 NOT NULL,
	"payment_left_paise" integer DEFAULT 0 NOT NULL,
	"extra_charge_paise" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"visit_id" varchar(24),
	"boarding_id" varchar(24),
	"subscription_id" varchar(24),
	"prescription_id" varchar(24),
	"appointment_id" varchar(24),
	"pet_id" varchar(24),
	"payment_type" varchar(24),
	"method" varchar(16) NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" varchar(16) DEFAULT 'paid' NOT NULL,
	"provider" varchar(16),
	"provider_order_id" text,
	"provider_payment_id" text,
	"created_by" varchar(24),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_ck" CHECK ("payments"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"visit_type_id" varchar(24) NOT NULL,
	"name" text NOT NULL,
	"price_paise" integer NOT NULL,
	"duration_days" integer NOT NULL,
	"number_of_groomings" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_ck" CHECK ("subscription_plans"."price_paise" >= 0 and "subscription_plans"."duration_days" > 0 and "subscription_plans"."number_of_groomings" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"plan_id" varchar(24) NOT NULL,
	"days_left" integer NOT NULL,
	"groomings_left" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"discount_paise" integer DEFAULT 0 NOT NULL,
	"first_payment_date" date NOT NULL,
	"last_payment_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_left_ck" CHECK ("subscriptions"."days_left" >= 0 and "subscriptions"."groomings_left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "visit_items" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"visit_id" varchar(24) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"item_id" varchar(24),
	"name" text NOT NULL,
	"quantity" numeric(12, 2) DEFAULT 1 NOT NULL,
	"unit" varchar(16),
	"price_paise" integer DEFAULT 0 NOT NULL,
	"category" text,
	"dose_number" integer,
	"volume" numeric(12, 2)
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"visit_type_id" varchar(24) NOT NULL,
	"purpose" text NOT NULL,
	"price_paise" integer DEFAULT 0 NOT NULL,
	"discount_paise" integer DEFAULT 0 NOT NULL,
	"customer_type" varchar(8),
	"is_subscription_availed" boolean DEFAULT false NOT NULL,
	"subscription_id" varchar(24),
	"number_of_days" integer,
	"note" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"item_id" varchar(24),
	"quantity" integer,
	"volume_ml" numeric(12, 2),
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_price_ck" CHECK ("visits"."price_paise" >= 0 and "visits"."discount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_services" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_services_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "owners" ADD CONSTRAINT "owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_lines" ADD CONSTRAINT "prescription_lines_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_lines" ADD CONSTRAINT "prescription_lines_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boardings" ADD CONSTRAINT "boardings_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boardings" ADD CONSTRAINT "boardings_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boardings" ADD CONSTRAINT "boardings_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boardings" ADD CONSTRAINT "boardings_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_boarding_id_boardings_id_fk" FOREIGN KEY ("boarding_id") REFERENCES "public"."boardings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_items" ADD CONSTRAINT "visit_items_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_items" ADD CONSTRAINT "visit_items_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "owners_phone_uq" ON "owners" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "owners_user_uq" ON "owners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "owners_phone_prefix_idx" ON "owners" USING btree ("phone" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "owners_email_idx" ON "owners" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "pets_owner_idx" ON "pets" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "pets_registration_idx" ON "pets" USING btree ("registration_date");--> statement-breakpoint
CREATE INDEX "pets_species_breed_idx" ON "pets" USING btree ("species","breed");--> statement-breakpoint
CREATE INDEX "pets_created_idx" ON "pets" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pets_name_trgm_idx" ON "pets" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pets_birthday_idx" ON "pets" USING btree (extract(month from "dob"),extract(day from "dob"));--> statement-breakpoint
CREATE INDEX "vaccinations_pet_idx" ON "vaccinations" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "vaccinations_next_due_idx" ON "vaccinations" USING btree ("next_due");--> statement-breakpoint
CREATE INDEX "inventory_name_idx" ON "inventory_items" USING btree (lower("item_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_item_idx" ON "stock_movements" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "follow_ups_date_idx" ON "follow_ups" USING btree ("date");--> statement-breakpoint
CREATE INDEX "follow_ups_pet_idx" ON "follow_ups" USING btree ("pet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_uq" ON "notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notifications_ref_date_idx" ON "notifications" USING btree ("ref_date");--> statement-breakpoint
CREATE INDEX "prescription_lines_rx_idx" ON "prescription_lines" USING btree ("prescription_id");--> statement-breakpoint
CREATE INDEX "prescriptions_pet_idx" ON "prescriptions" USING btree ("pet_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_types_purpose_uq" ON "visit_types" USING btree ("purpose");--> statement-breakpoint
CREATE INDEX "appointments_date_idx" ON "appointments" USING btree ("appointment_date","appointment_time");--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("customer_id","appointment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_pet_slot_uq" ON "appointments" USING btree ("pet_id","appointment_date","appointment_time") WHERE "appointments"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "boardings_active_pet_uq" ON "boardings" USING btree ("pet_id") WHERE "boardings"."is_boarded";--> statement-breakpoint
CREATE INDEX "boardings_type_idx" ON "boardings" USING btree ("visit_type_id","is_boarded","entry_time");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_uq" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("provider_order_id");--> statement-breakpoint
CREATE INDEX "payments_visit_idx" ON "payments" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "payments_prescription_idx" ON "payments" USING btree ("prescription_id");--> statement-breakpoint
CREATE INDEX "subscription_plans_type_idx" ON "subscription_plans" USING btree ("visit_type_id");--> statement-breakpoint
CREATE INDEX "subscriptions_pet_idx" ON "subscriptions" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "visit_items_visit_idx" ON "visit_items" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "visits_created_idx" ON "visits" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visits_pet_idx" ON "visits" USING btree ("pet_id","created_at");--> statement-breakpoint
CREATE INDEX "visits_purpose_created_idx" ON "visits" USING btree ("purpose","created_at");