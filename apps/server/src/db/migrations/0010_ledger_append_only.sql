CREATE TABLE "idempotency_keys" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"route" text NOT NULL,
	"key" varchar(255) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"ledger_row_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"raw_body" text NOT NULL,
	"signature_verified" boolean NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"detail" text,
	"ledger_row_id" varchar(24)
);
--> statement-breakpoint
CREATE TABLE "staff_notifications" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"owner_id" varchar(24),
	"refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"read_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_ck";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_ck";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_subject_ck";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "pet_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_counters" ALTER COLUMN "financial_year" SET DATA TYPE varchar(12);--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "account" varchar(16) DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "owner_id" varchar(24);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "direction" varchar(3);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_for" varchar(16);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_of" varchar(24);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "allocation_of" varchar(24);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "deduction_paise" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_paise" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settlement_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "completed_by" varchar(24);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "completed_via" varchar(16);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payments" p SET "owner_id" = pets."owner_id" FROM "pets" WHERE pets."id" = p."pet_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "charge_for" = CASE WHEN "note" LIKE 'Extra days:%' THEN 'extra_days' ELSE 'sale' END WHERE "kind" = 'charge';--> statement-breakpoint
UPDATE "payments" w SET "kind" = 'credit', "credit_of" = (SELECT c."id" FROM "payments" c WHERE c."kind" = 'charge' AND (c."visit_id" = w."visit_id" OR c."boarding_id" = w."boarding_id" OR c."prescription_id" = w."prescription_id" OR c."subscription_id" = w."subscription_id") ORDER BY c."created_at" LIMIT 1) WHERE w."kind" = 'write_off';--> statement-breakpoint
UPDATE "payments" SET "completed_at" = "paid_at" WHERE "kind" IN ('payment','refund') AND "status" = 'completed';--> statement-breakpoint
UPDATE "payments" SET "note" = concat_ws(' ', "note", '[Before 2026-11-25 a prescription paid by payment link was booked as money received, with no link sent. Check that it was paid.]') WHERE "prescription_id" IS NOT NULL AND "kind" = 'payment' AND "method" = 'payment_link' AND "status" = 'completed';--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "voided_by" varchar(24);--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_ledger_row_id_payments_id_fk" FOREIGN KEY ("ledger_row_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_read_by_users_id_fk" FOREIGN KEY ("read_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_uq" ON "idempotency_keys" USING btree ("user_id","route","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_event_uq" ON "provider_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "provider_events_received_idx" ON "provider_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_notifications_dedupe_uq" ON "staff_notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "staff_notifications_created_idx" ON "staff_notifications" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "staff_notifications_unread_idx" ON "staff_notifications" USING btree ("created_at") WHERE "staff_notifications"."read_at" is null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_payments_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_of_payments_id_fk" FOREIGN KEY ("credit_of") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_allocation_of_payments_id_fk" FOREIGN KEY ("allocation_of") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_refund_uq" ON "payments" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "payments_owner_idx" ON "payments" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_refund_of_idx" ON "payments" USING btree ("refund_of");--> statement-breakpoint
CREATE INDEX "payments_credit_of_idx" ON "payments" USING btree ("credit_of");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_ck" CHECK ("payments"."account" in ('sale','wallet','deposit','unapplied'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_sale_only_ck" CHECK ("payments"."kind" not in ('charge','credit') or "payments"."account" = 'sale');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_direction_ck" CHECK (("payments"."kind" = 'allocation') = ("payments"."direction" is not null) and ("payments"."direction" is null or "payments"."direction" in ('in','out')));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_ck" CHECK (("payments"."kind" = 'refund') = ("payments"."refund_of" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_of_ck" CHECK (("payments"."kind" = 'credit') = ("payments"."credit_of" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_allocation_of_ck" CHECK ("payments"."allocation_of" is null or ("payments"."kind" = 'allocation' and "payments"."direction" = 'in'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_charge_for_ck" CHECK ("payments"."charge_for" is null or ("payments"."kind" = 'charge' and "payments"."charge_for" in ('sale','extra_days')));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_deduction_ck" CHECK ("payments"."deduction_paise" is null or ("payments"."kind" = 'credit' and "payments"."deduction_paise" >= 0));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_ck" CHECK ("payments"."fee_paise" is null or "payments"."fee_paise" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_via_ck" CHECK ("payments"."completed_via" is null or "payments"."completed_via" in ('desk','checkout','webhook','link_page','staff_check','import'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pending_ck" CHECK ("payments"."status" in ('completed','void') or "payments"."kind" in ('payment','refund'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_ck" CHECK ("payments"."kind" in ('charge','credit','payment','refund','allocation'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_ck" CHECK (("payments"."kind" in ('payment','refund') and "payments"."method" in ('cash','payment_link','card','not_recorded')) or ("payments"."kind" in ('charge','credit','allocation') and "payments"."method" is null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subject_ck" CHECK ("payments"."account" <> 'sale' or num_nonnulls("payments"."visit_id", "payments"."boarding_id", "payments"."subscription_id", "payments"."prescription_id", "payments"."appointment_id") >= 1);--> statement-breakpoint
CREATE FUNCTION "payments_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Columns an UPDATE may set once, from empty.
  set_once text[] := ARRAY['provider','provider_order_id','provider_payment_id','provider_link_id','provider_refund_id',
    'link_url','receipt_no','fee_paise','settlement_id','completed_by','completed_via','completed_at','paid_at'];
  col text;
  o jsonb;
  n jsonb;
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'The payment ledger is append-only: % is not allowed', TG_OP USING ERRCODE = '55000';
  END IF;
  o := to_jsonb(OLD);
  n := to_jsonb(NEW);
  IF NEW.status IS DISTINCT FROM OLD.status
     AND NOT (OLD.status = 'pending' AND NEW.status IN ('completed','failed','void')) THEN
    RAISE EXCEPTION 'The payment ledger is append-only: status % cannot become %', OLD.status, NEW.status USING ERRCODE = '55000';
  END IF;
  FOREACH col IN ARRAY set_once LOOP
    IF (o -> col) IS DISTINCT FROM (n -> col) AND (o ->> col) IS NOT NULL THEN
      RAISE EXCEPTION 'The payment ledger is append-only: % is already set', col USING ERRCODE = '55000';
    END IF;
  END LOOP;
  IF (o - set_once - 'status') IS DISTINCT FROM (n - set_once - 'status') THEN
    RAISE EXCEPTION 'The payment ledger is append-only: only a pending row''s status and empty provider, receipt, fee or settlement columns change' USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_append_only_row" BEFORE UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION "payments_append_only"();--> statement-breakpoint
CREATE TRIGGER "payments_append_only_truncate" BEFORE TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION "payments_append_only"();--> statement-breakpoint
CREATE FUNCTION "payments_within_source"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src "payments"%ROWTYPE;
  used bigint;
BEGIN
  IF NEW.kind = 'refund' THEN
    -- Locks the payment refunded: two refunds of it at once are checked one after the other.
    SELECT * INTO src FROM "payments" WHERE "id" = NEW.refund_of FOR UPDATE;
    IF src.kind IS DISTINCT FROM 'payment' OR src.status IS DISTINCT FROM 'completed' THEN
      RAISE EXCEPTION 'A refund must name a completed payment' USING ERRCODE = '23514';
    END IF;
    SELECT coalesce(sum("amount_paise"), 0) INTO used FROM "payments"
      WHERE "refund_of" = NEW.refund_of AND "kind" = 'refund' AND "status" IN ('pending','completed');
    IF used + NEW.amount_paise > src.amount_paise THEN
      RAISE EXCEPTION 'A refund cannot exceed what was paid on that payment' USING ERRCODE = '23514';
    END IF;
  ELSIF NEW.kind = 'credit' THEN
    SELECT * INTO src FROM "payments" WHERE "id" = NEW.credit_of FOR UPDATE;
    IF src.kind IS DISTINCT FROM 'charge' THEN
      RAISE EXCEPTION 'A credit must name a charge' USING ERRCODE = '23514';
    END IF;
    SELECT coalesce(sum("amount_paise"), 0) INTO used FROM "payments" WHERE "credit_of" = NEW.credit_of AND "kind" = 'credit';
    IF used + NEW.amount_paise > src.amount_paise THEN
      RAISE EXCEPTION 'A credit cannot exceed the charge it reduces' USING ERRCODE = '23514';
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_within_source" BEFORE INSERT ON "payments" FOR EACH ROW WHEN (NEW.kind IN ('refund','credit')) EXECUTE FUNCTION "payments_within_source"();