-- Issue 18. Walk-in sales: the one owner every walk-in Shop sale is sold to (WALK_IN_OWNER_ID in packages/shared;
-- no account, no pets; owner and pet lists leave it out). The buyer's name and phone are stored on each sale.
INSERT INTO "owners" ("id", "name", "phone", "email", "address")
VALUES ('000000000000000000000001', 'Walk-in customer', '0000000000', NULL, 'Walk-in sales at the desk')
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
-- Only a Shop visit may have no pet (visits_pet_or_walk_in_ck already requires the buyer's name then). A check
-- constraint cannot read the visit type's code, so a trigger does.
CREATE OR REPLACE FUNCTION "visits_walk_in_shop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."pet_id" IS NULL AND NOT EXISTS (
    SELECT 1 FROM "visit_types" WHERE "id" = NEW."visit_type_id" AND "code" = 'shop'
  ) THEN
    RAISE EXCEPTION 'Only a walk-in Shop sale may have no pet'
      USING ERRCODE = '23514', CONSTRAINT = 'visits_walk_in_shop_ck', TABLE = 'visits';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visits_walk_in_shop" BEFORE INSERT OR UPDATE OF "pet_id", "visit_type_id" ON "visits"
FOR EACH ROW EXECUTE FUNCTION "visits_walk_in_shop"();
