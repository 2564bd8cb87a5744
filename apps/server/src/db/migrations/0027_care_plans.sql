CREATE TABLE "care_items" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"boarding_id" varchar(24),
	"source_item_id" varchar(24),
	"kind" varchar(8) NOT NULL,
	"name" text NOT NULL,
	"slot_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at_time" varchar(5),
	"amount" numeric(12, 2),
	"unit" varchar(16),
	"source" varchar(8),
	"route" varchar(16),
	"start_date" date,
	"end_date" date,
	"inventory_item_id" varchar(24),
	"instructions" text,
	"position" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_items_kind_ck" CHECK ("care_items"."kind" in ('meal','dose','other')),
	CONSTRAINT "care_items_amount_ck" CHECK ("care_items"."amount" is null or ("care_items"."amount" > 0 and "care_items"."amount" <= 10000)),
	CONSTRAINT "care_items_dates_ck" CHECK ("care_items"."start_date" is null or "care_items"."end_date" is null or "care_items"."end_date" >= "care_items"."start_date")
);
--> statement-breakpoint
CREATE TABLE "care_slots" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_slots_minutes_ck" CHECK ("care_slots"."start_minute" >= 0 and "care_slots"."end_minute" <= 1440 and "care_slots"."start_minute" < "care_slots"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "care_tasks" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"boarding_id" varchar(24) NOT NULL,
	"item_id" varchar(24) NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"day" date NOT NULL,
	"slot_key" varchar(24) NOT NULL,
	"slot_name" varchar(40) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"label" text NOT NULL,
	"feedback" varchar(16) NOT NULL,
	"note" text,
	"done_by" varchar(24) NOT NULL,
	"done_by_name" text NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"charge_visit_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_tasks_kind_ck" CHECK ("care_tasks"."kind" in ('meal','dose','other'))
);
--> statement-breakpoint
CREATE TABLE "pet_care_profiles" (
	"pet_id" varchar(24) PRIMARY KEY NOT NULL,
	"emergency_name" text,
	"emergency_phone" varchar(10),
	"updated_by" varchar(24),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pet_care_warnings" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_care_warnings_kind_ck" CHECK ("pet_care_warnings"."kind" in ('allergy','aggression','escape_risk','special_needs'))
);
--> statement-breakpoint
ALTER TABLE "care_items" ADD CONSTRAINT "care_items_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_items" ADD CONSTRAINT "care_items_boarding_id_boardings_id_fk" FOREIGN KEY ("boarding_id") REFERENCES "public"."boardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_items" ADD CONSTRAINT "care_items_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_tasks" ADD CONSTRAINT "care_tasks_boarding_id_boardings_id_fk" FOREIGN KEY ("boarding_id") REFERENCES "public"."boardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_tasks" ADD CONSTRAINT "care_tasks_item_id_care_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."care_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_tasks" ADD CONSTRAINT "care_tasks_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_tasks" ADD CONSTRAINT "care_tasks_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_tasks" ADD CONSTRAINT "care_tasks_charge_visit_id_visits_id_fk" FOREIGN KEY ("charge_visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_care_profiles" ADD CONSTRAINT "pet_care_profiles_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_care_profiles" ADD CONSTRAINT "pet_care_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_care_warnings" ADD CONSTRAINT "pet_care_warnings_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_items_pet_idx" ON "care_items" USING btree ("pet_id","position") WHERE "care_items"."boarding_id" is null;--> statement-breakpoint
CREATE INDEX "care_items_boarding_idx" ON "care_items" USING btree ("boarding_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "care_slots_name_uq" ON "care_slots" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "care_tasks_once_uq" ON "care_tasks" USING btree ("item_id","day","slot_key");--> statement-breakpoint
CREATE INDEX "care_tasks_boarding_day_idx" ON "care_tasks" USING btree ("boarding_id","day");--> statement-breakpoint
CREATE INDEX "care_tasks_day_idx" ON "care_tasks" USING btree ("day");--> statement-breakpoint
CREATE INDEX "pet_care_warnings_pet_idx" ON "pet_care_warnings" USING btree ("pet_id","position");--> statement-breakpoint
-- Reference data: the default care slots (business time zone), which admins edit on the Care slots screen.
INSERT INTO "care_slots" ("id", "name", "start_minute", "end_minute") VALUES
	('0000000000000000000ca701', 'Morning', 420, 660),
	('0000000000000000000ca702', 'Noon', 660, 900),
	('0000000000000000000ca703', 'Evening', 900, 1200);
