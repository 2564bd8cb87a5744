-- Issue 18. Active inventory names are unique per stock unit whatever their case AND runs of spaces ('Cotton Roll'
-- and 'cotton  roll' are one name; the next migration rebuilds the unique index on that normalised name). Active
-- duplicates already on file under the new rule keep their oldest row's name; later ones are renamed
-- '<name> (duplicate N)', as migration 0007 did, so the index can be built and staff can merge or delete them.
UPDATE "inventory_items" AS i SET "item_name" = i."item_name" || ' (duplicate ' || d.n || ')', "updated_at" = now()
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY lower(regexp_replace(btrim("item_name"), ' +', ' ', 'g')), "stock_unit" ORDER BY "created_at", "id"
  ) - 1 AS n
  FROM "inventory_items" WHERE "deleted_at" IS NULL
) AS d
WHERE i."id" = d."id" AND d.n > 0;
