CREATE TABLE "visit_search" (
	"visit_id" varchar(24) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"business_date" date NOT NULL,
	"purpose" text NOT NULL,
	"visit_type_id" varchar(24) NOT NULL,
	"pet_id" varchar(24) NOT NULL,
	"pet_name" text NOT NULL,
	"owner_id" varchar(24) NOT NULL,
	"owner_name" text NOT NULL,
	"owner_phone" varchar(10) NOT NULL,
	"charged_paise" bigint DEFAULT 0 NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"due_paise" bigint DEFAULT 0 NOT NULL,
	"refunded_paise" bigint DEFAULT 0 NOT NULL,
	"payment_state" varchar(8) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_search_state_ck" CHECK ("visit_search"."payment_state" in ('paid','due','refunded','voided'))
);
--> statement-breakpoint
CREATE TABLE "tax_document_lines" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"document_id" varchar(24) NOT NULL,
	"line_no" integer NOT NULL,
	"description" text NOT NULL,
	"code_kind" varchar(3),
	"code" varchar(8),
	"quantity" numeric(12, 2) NOT NULL,
	"unit" varchar(16),
	"unit_price_paise" bigint NOT NULL,
	"price_includes_tax" boolean NOT NULL,
	"rate_percent" numeric(5, 2),
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint DEFAULT 0 NOT NULL,
	"sgst_paise" bigint DEFAULT 0 NOT NULL,
	"igst_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	CONSTRAINT "tax_document_lines_code_kind_ck" CHECK ("tax_document_lines"."code_kind" is null or "tax_document_lines"."code_kind" in ('SAC','HSN')),
	CONSTRAINT "tax_document_lines_amounts_ck" CHECK ("tax_document_lines"."taxable_paise" >= 0 and "tax_document_lines"."cgst_paise" >= 0 and "tax_document_lines"."sgst_paise" >= 0 and "tax_document_lines"."igst_paise" >= 0 and "tax_document_lines"."total_paise" = "tax_document_lines"."taxable_paise" + "tax_document_lines"."cgst_paise" + "tax_document_lines"."sgst_paise" + "tax_document_lines"."igst_paise")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"series" varchar(1) NOT NULL,
	"financial_year" varchar(7) NOT NULL,
	"seq" integer NOT NULL,
	"number" varchar(16) NOT NULL,
	"document_date" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"ledger_entry_id" varchar(24) NOT NULL,
	"owner_id" varchar(24) NOT NULL,
	"pet_id" varchar(24),
	"visit_id" varchar(24),
	"original_document_id" varchar(24),
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"place_of_supply" varchar(2) NOT NULL,
	"inter_state" boolean DEFAULT false NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint DEFAULT 0 NOT NULL,
	"sgst_paise" bigint DEFAULT 0 NOT NULL,
	"igst_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "tax_documents_kind_ck" CHECK ("tax_documents"."kind" in ('tax_invoice','bill_of_supply','credit_note')),
	CONSTRAINT "tax_documents_series_ck" CHECK (("tax_documents"."kind" = 'tax_invoice' and "tax_documents"."series" = 'T') or ("tax_documents"."kind" = 'bill_of_supply' and "tax_documents"."series" = 'B') or ("tax_documents"."kind" = 'credit_note' and "tax_documents"."series" = 'C')),
	CONSTRAINT "tax_documents_credit_ck" CHECK (("tax_documents"."kind" = 'credit_note') = ("tax_documents"."original_document_id" is not null)),
	CONSTRAINT "tax_documents_seq_ck" CHECK ("tax_documents"."seq" > 0),
	CONSTRAINT "tax_documents_amounts_ck" CHECK ("tax_documents"."taxable_paise" >= 0 and "tax_documents"."cgst_paise" >= 0 and "tax_documents"."sgst_paise" >= 0 and "tax_documents"."igst_paise" >= 0 and "tax_documents"."total_paise" = "tax_documents"."taxable_paise" + "tax_documents"."cgst_paise" + "tax_documents"."sgst_paise" + "tax_documents"."igst_paise")
);
--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "gstin" varchar(15);--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "state_code" varchar(2);--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "hsn_code" varchar(8);--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "gst_rate_percent" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "gst_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "price_includes_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_types" ADD COLUMN "sac_code" varchar(8);--> statement-breakpoint
ALTER TABLE "visit_types" ADD COLUMN "gst_rate_percent" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_types" ADD COLUMN "gst_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_types" ADD COLUMN "price_includes_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_search" ADD CONSTRAINT "visit_search_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_ledger_entry_id_payments_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_original_document_id_tax_documents_id_fk" FOREIGN KEY ("original_document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_search_created_idx" ON "visit_search" USING btree ("created_at" DESC NULLS LAST,"visit_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visit_search_date_idx" ON "visit_search" USING btree ("business_date","created_at" DESC NULLS LAST,"visit_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visit_search_purpose_idx" ON "visit_search" USING btree ("purpose","created_at" DESC NULLS LAST,"visit_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visit_search_state_idx" ON "visit_search" USING btree ("payment_state","created_at" DESC NULLS LAST,"visit_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visit_search_pet_idx" ON "visit_search" USING btree ("pet_id","created_at" DESC NULLS LAST,"visit_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visit_search_owner_idx" ON "visit_search" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "visit_search_phone_idx" ON "visit_search" USING btree ("owner_phone" varchar_pattern_ops,"created_at" DESC NULLS LAST,"visit_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visit_search_name_trgm_idx" ON "visit_search" USING gin (lower("pet_name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "tax_document_lines_uq" ON "tax_document_lines" USING btree ("document_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_uq" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_seq_uq" ON "tax_documents" USING btree ("series","financial_year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_entry_series_uq" ON "tax_documents" USING btree ("ledger_entry_id","series") WHERE "tax_documents"."original_document_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_entry_original_uq" ON "tax_documents" USING btree ("ledger_entry_id","original_document_id") WHERE "tax_documents"."original_document_id" is not null;--> statement-breakpoint
CREATE INDEX "tax_documents_owner_idx" ON "tax_documents" USING btree ("owner_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tax_documents_visit_idx" ON "tax_documents" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "tax_documents_date_idx" ON "tax_documents" USING btree ("document_date");--> statement-breakpoint
CREATE INDEX "tax_documents_original_idx" ON "tax_documents" USING btree ("original_document_id");--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_gst_ck" CHECK ("inventory_items"."gst_rate_percent" >= 0 and "inventory_items"."gst_rate_percent" <= 100);--> statement-breakpoint
ALTER TABLE "visit_types" ADD CONSTRAINT "visit_types_gst_ck" CHECK ("visit_types"."gst_rate_percent" >= 0 and "visit_types"."gst_rate_percent" <= 100);--> statement-breakpoint
CREATE FUNCTION "tax_documents_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'GST documents are never changed once issued: % is not allowed', TG_OP USING ERRCODE = '55000';
END
$$;--> statement-breakpoint
CREATE TRIGGER "tax_documents_append_only_row" BEFORE UPDATE OR DELETE ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION "tax_documents_append_only"();--> statement-breakpoint
CREATE TRIGGER "tax_documents_append_only_truncate" BEFORE TRUNCATE ON "tax_documents" FOR EACH STATEMENT EXECUTE FUNCTION "tax_documents_append_only"();--> statement-breakpoint
CREATE TRIGGER "tax_document_lines_append_only_row" BEFORE UPDATE OR DELETE ON "tax_document_lines" FOR EACH ROW EXECUTE FUNCTION "tax_documents_append_only"();--> statement-breakpoint
CREATE TRIGGER "tax_document_lines_append_only_truncate" BEFORE TRUNCATE ON "tax_document_lines" FOR EACH STATEMENT EXECUTE FUNCTION "tax_documents_append_only"();
--> statement-breakpoint
-- Visit History backfill (history module): a search row for every visit saved before this migration, computed as
-- history.service.ts's indexVisit computes it. The money is the visit's sale account: its completed sale rows and
-- those of the stay it started (rows naming a boarding that one of the visit's rows names); charged = charges -
-- credits; paid = payments - refunds + allocations in - allocations out; due = what is still owed (never below 0);
-- refunded = completed refunds. State: voided, else refunded (any refund), else due (anything owed), else paid. The
-- business day is the visit's time in the default business time zone (Asia/Kolkata, BUSINESS_TZ's default).
INSERT INTO "visit_search" ("visit_id", "created_at", "business_date", "purpose", "visit_type_id", "pet_id", "pet_name", "owner_id", "owner_name", "owner_phone", "charged_paise", "paid_paise", "due_paise", "refunded_paise", "payment_state", "updated_at")
SELECT v."id", v."created_at", (v."created_at" AT TIME ZONE 'Asia/Kolkata')::date, v."purpose", v."visit_type_id", p."id", p."name", o."id", o."name", o."phone",
  m.charged, m.paid, greatest(m.charged - m.paid, 0), m.refunded,
  CASE WHEN v."voided_at" IS NOT NULL THEN 'voided' WHEN m.refunded > 0 THEN 'refunded' WHEN m.charged - m.paid > 0 THEN 'due' ELSE 'paid' END,
  now()
FROM "visits" v
JOIN "pets" p ON p."id" = v."pet_id"
JOIN "owners" o ON o."id" = p."owner_id"
CROSS JOIN LATERAL (
  SELECT
    coalesce(sum(CASE e."kind" WHEN 'charge' THEN e."amount_paise" WHEN 'credit' THEN -e."amount_paise" ELSE 0 END), 0)::bigint AS charged,
    coalesce(sum(CASE e."kind" WHEN 'payment' THEN e."amount_paise" WHEN 'refund' THEN -e."amount_paise"
      WHEN 'allocation' THEN CASE WHEN e."direction" = 'out' THEN -e."amount_paise" ELSE e."amount_paise" END ELSE 0 END), 0)::bigint AS paid,
    coalesce(sum(CASE WHEN e."kind" = 'refund' THEN e."amount_paise" ELSE 0 END), 0)::bigint AS refunded
  FROM "payments" e
  WHERE e."account" = 'sale' AND e."status" = 'completed'
    AND (e."visit_id" = v."id"
      OR e."boarding_id" IN (SELECT s."boarding_id" FROM "payments" s WHERE s."visit_id" = v."id" AND s."account" = 'sale' AND s."boarding_id" IS NOT NULL))
) m
ON CONFLICT ("visit_id") DO NOTHING;
