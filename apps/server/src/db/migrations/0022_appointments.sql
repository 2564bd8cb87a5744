ALTER TABLE "checkout_orders" DROP CONSTRAINT "checkout_orders_purpose_ck";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "owner_id" varchar(24) NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visit_type_id" varchar(24) NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "kind" varchar(8) DEFAULT 'slot' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "pickup_address" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "pickup_km" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "pickup_fare_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "payment_mode" varchar(8) DEFAULT 'desk' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reservation_id" varchar(24);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visit_id" varchar(24);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_by_role" varchar(8);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmed_by" varchar(24);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "completed_by" varchar(24);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_by" varchar(24);--> statement-breakpoint
ALTER TABLE "customer_services" ADD COLUMN "visit_type_id" varchar(24);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_services" ADD CONSTRAINT "customer_services_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_date_status_idx" ON "appointments" USING btree ("appointment_date","status");--> statement-breakpoint
CREATE INDEX "appointments_slot_idx" ON "appointments" USING btree ("visit_type_id","appointment_date","appointment_time") WHERE "appointments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "appointments_reservation_idx" ON "appointments" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_kind_ck" CHECK ("appointments"."kind" in ('slot','stay'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_payment_mode_ck" CHECK ("appointments"."payment_mode" in ('desk','online'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_money_ck" CHECK ("appointments"."service_price_paise" >= 0 and "appointments"."pickup_fare_paise" >= 0 and "appointments"."total_amount_paise" >= 0);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_ck" CHECK ("appointments"."cancelled_by_role" is null or "appointments"."cancelled_by_role" in ('owner','staff'));--> statement-breakpoint
ALTER TABLE "checkout_orders" ADD CONSTRAINT "checkout_orders_purpose_ck" CHECK ("checkout_orders"."purpose" in ('subscription','wallet_topup','deposit','appointment'));--> statement-breakpoint
-- The seeded catalogue services name the visit type booking them books (issue 19); admins' own services stay null.
UPDATE "customer_services" cs SET "visit_type_id" = vt."id"
FROM (VALUES ('Boarding/Hostel','hostel'),('Day Boarding/Hostel','day_care'),('Day School','day_school'),('Dog Park','dog_park'),('Grooming','grooming'),('Play School','play_school')) AS m(name, code)
JOIN "visit_types" vt ON vt."code" = m.code
WHERE cs."name" = m.name AND cs."visit_type_id" IS NULL;
