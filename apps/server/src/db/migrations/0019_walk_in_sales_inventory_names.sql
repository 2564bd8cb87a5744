DROP INDEX "inventory_active_name_unit_uq";--> statement-breakpoint
ALTER TABLE "visits" ALTER COLUMN "pet_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_search" ALTER COLUMN "pet_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_search" ALTER COLUMN "pet_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "buyer_phone" varchar(10);--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_active_name_unit_uq" ON "inventory_items" USING btree (lower(regexp_replace(btrim("item_name"), ' +', ' ', 'g')),"stock_unit") WHERE "inventory_items"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_pet_or_walk_in_ck" CHECK (("visits"."pet_id" is null) = ("visits"."buyer_name" is not null) and ("visits"."buyer_phone" is null or "visits"."buyer_name" is not null));