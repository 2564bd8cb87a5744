CREATE TABLE "reservation_pets" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"reservation_id" varchar(24) NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"boarding_id" varchar(24),
	"visit_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"owner_id" varchar(24) NOT NULL,
	"visit_type_id" varchar(24) NOT NULL,
	"status" varchar(16) NOT NULL,
	"check_in" timestamp with time zone NOT NULL,
	"check_out" timestamp with time zone NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"counting_rule" varchar(16) NOT NULL,
	"units" integer NOT NULL,
	"unit" varchar(8) NOT NULL,
	"half_days" integer DEFAULT 0 NOT NULL,
	"half_day" boolean DEFAULT false NOT NULL,
	"late_check_out" boolean DEFAULT false NOT NULL,
	"label" text NOT NULL,
	"pet_count" integer NOT NULL,
	"day_price_paise" bigint NOT NULL,
	"half_day_price_paise" bigint NOT NULL,
	"price_per_pet_paise" bigint NOT NULL,
	"price_paise" bigint NOT NULL,
	"notes" text,
	"cancel_reason" text,
	"waive_reason" text,
	"reminder_sent_on" date,
	"waitlisted_at" timestamp with time zone,
	"waitlist_notified_at" timestamp with time zone,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" varchar(24),
	"checked_in_at" timestamp with time zone,
	"checked_in_by" varchar(24),
	"checked_out_at" timestamp with time zone,
	"checked_out_by" varchar(24),
	"cancelled_at" timestamp with time zone,
	"cancelled_by" varchar(24),
	"no_show_at" timestamp with time zone,
	"no_show_by" varchar(24),
	"waived_at" timestamp with time zone,
	"waived_by" varchar(24),
	CONSTRAINT "reservations_status_ck" CHECK ("reservations"."status" in ('requested','confirmed','waitlisted','checked_in','checked_out','cancelled','no_show')),
	CONSTRAINT "reservations_order_ck" CHECK ("reservations"."check_out" > "reservations"."check_in" and "reservations"."last_day" >= "reservations"."first_day"),
	CONSTRAINT "reservations_count_ck" CHECK ("reservations"."units" >= 0 and "reservations"."half_days" >= 0 and "reservations"."units" + "reservations"."half_days" >= 1),
	CONSTRAINT "reservations_pets_ck" CHECK ("reservations"."pet_count" >= 1),
	CONSTRAINT "reservations_price_ck" CHECK ("reservations"."price_paise" >= 0 and "reservations"."price_per_pet_paise" >= 0 and "reservations"."day_price_paise" >= 0 and "reservations"."half_day_price_paise" >= 0),
	CONSTRAINT "reservations_unit_ck" CHECK ("reservations"."unit" in ('day','night'))
);
--> statement-breakpoint
ALTER TABLE "checkout_orders" DROP CONSTRAINT "checkout_orders_purpose_ck";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reservation_id" varchar(24);--> statement-breakpoint
ALTER TABLE "reservation_pets" ADD CONSTRAINT "reservation_pets_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_pets" ADD CONSTRAINT "reservation_pets_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_pets" ADD CONSTRAINT "reservation_pets_boarding_id_boardings_id_fk" FOREIGN KEY ("boarding_id") REFERENCES "public"."boardings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_pets" ADD CONSTRAINT "reservation_pets_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_show_by_users_id_fk" FOREIGN KEY ("no_show_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_waived_by_users_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_pets_uq" ON "reservation_pets" USING btree ("reservation_id","pet_id");--> statement-breakpoint
CREATE INDEX "reservation_pets_pet_idx" ON "reservation_pets" USING btree ("pet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_pets_boarding_uq" ON "reservation_pets" USING btree ("boarding_id");--> statement-breakpoint
CREATE INDEX "reservations_type_status_days_idx" ON "reservations" USING btree ("visit_type_id","status","first_day","last_day");--> statement-breakpoint
CREATE INDEX "reservations_first_day_idx" ON "reservations" USING btree ("first_day","status");--> statement-breakpoint
CREATE INDEX "reservations_last_day_idx" ON "reservations" USING btree ("last_day","status");--> statement-breakpoint
CREATE INDEX "reservations_owner_idx" ON "reservations" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "reservations_waitlist_idx" ON "reservations" USING btree ("visit_type_id","waitlisted_at") WHERE "reservations"."status" = 'waitlisted';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_reservation_idx" ON "payments" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "checkout_orders" ADD CONSTRAINT "checkout_orders_purpose_ck" CHECK ("checkout_orders"."purpose" in ('subscription','wallet_topup','deposit'));