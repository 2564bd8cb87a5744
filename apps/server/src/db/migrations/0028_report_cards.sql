CREATE TABLE "incidents" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"boarding_id" varchar(24) NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"owner_id" varchar(24) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"what_happened" text NOT NULL,
	"action_taken" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" varchar(24),
	"owner_told_at" timestamp with time zone,
	"owner_told_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incidents_kind_ck" CHECK ("incidents"."kind" in ('injury','illness','fight','escape_attempt','other')),
	CONSTRAINT "incidents_photos_ck" CHECK (jsonb_array_length("incidents"."photos") <= 4)
);
--> statement-breakpoint
CREATE TABLE "report_cards" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"boarding_id" varchar(24) NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"owner_id" varchar(24) NOT NULL,
	"day" varchar(10) NOT NULL,
	"mood" smallint NOT NULL,
	"activity" smallint NOT NULL,
	"note" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"created_by" varchar(24),
	"updated_by" varchar(24),
	"sent_at" timestamp with time zone,
	"sent_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_cards_scale_ck" CHECK ("report_cards"."mood" between 1 and 5 and "report_cards"."activity" between 1 and 5),
	CONSTRAINT "report_cards_photos_ck" CHECK (jsonb_array_length("report_cards"."photos") <= 4)
);
--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_boarding_id_boardings_id_fk" FOREIGN KEY ("boarding_id") REFERENCES "public"."boardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_owner_told_by_users_id_fk" FOREIGN KEY ("owner_told_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cards" ADD CONSTRAINT "report_cards_boarding_id_boardings_id_fk" FOREIGN KEY ("boarding_id") REFERENCES "public"."boardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cards" ADD CONSTRAINT "report_cards_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cards" ADD CONSTRAINT "report_cards_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cards" ADD CONSTRAINT "report_cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cards" ADD CONSTRAINT "report_cards_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cards" ADD CONSTRAINT "report_cards_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_boarding_idx" ON "incidents" USING btree ("boarding_id","occurred_at");--> statement-breakpoint
CREATE INDEX "incidents_pet_idx" ON "incidents" USING btree ("pet_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "report_cards_stay_day_uq" ON "report_cards" USING btree ("boarding_id","day");--> statement-breakpoint
CREATE INDEX "report_cards_owner_day_idx" ON "report_cards" USING btree ("owner_id","day" DESC NULLS LAST,"id" DESC NULLS LAST);