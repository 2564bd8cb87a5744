ALTER TABLE "boardings" ADD COLUMN "admission_ack_via" varchar(16);--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "stay_boarding_id" varchar(24);--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_stay_boarding_id_boardings_id_fk" FOREIGN KEY ("stay_boarding_id") REFERENCES "public"."boardings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_stay_boarding_idx" ON "visits" USING btree ("stay_boarding_id") WHERE "visits"."stay_boarding_id" is not null;