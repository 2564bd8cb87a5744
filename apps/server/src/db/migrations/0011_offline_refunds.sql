CREATE TABLE "offline_refunds" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"payment_id" varchar(40) NOT NULL,
	"amount_paise" bigint NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "offline_refunds_amount_ck" CHECK ("offline_refunds"."amount_paise" > 0),
	CONSTRAINT "offline_refunds_status_ck" CHECK ("offline_refunds"."status" in ('pending','processed','failed'))
);
--> statement-breakpoint
ALTER TABLE "offline_refunds" ADD CONSTRAINT "offline_refunds_payment_id_offline_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."offline_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_refunds_payment_idx" ON "offline_refunds" USING btree ("payment_id");