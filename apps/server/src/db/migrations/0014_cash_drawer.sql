CREATE TABLE "cash_drawer_sessions" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"status" varchar(8) NOT NULL,
	"float_paise" bigint NOT NULL,
	"opened_by" varchar(24) NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opening_note" text,
	"cash_in_paise" bigint,
	"cash_out_paise" bigint,
	"expected_paise" bigint,
	"counted_paise" bigint,
	"closed_by" varchar(24),
	"closed_at" timestamp with time zone,
	"closing_note" text,
	CONSTRAINT "cash_drawer_status_ck" CHECK ("cash_drawer_sessions"."status" in ('open','closed')),
	CONSTRAINT "cash_drawer_float_ck" CHECK ("cash_drawer_sessions"."float_paise" >= 0),
	CONSTRAINT "cash_drawer_closed_ck" CHECK (("cash_drawer_sessions"."status" = 'open') = ("cash_drawer_sessions"."closed_at" is null) and ("cash_drawer_sessions"."status" = 'open' or ("cash_drawer_sessions"."counted_paise" >= 0 and "cash_drawer_sessions"."expected_paise" is not null and "cash_drawer_sessions"."closed_by" is not null)))
);
--> statement-breakpoint
ALTER TABLE "cash_drawer_sessions" ADD CONSTRAINT "cash_drawer_sessions_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawer_sessions" ADD CONSTRAINT "cash_drawer_sessions_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_drawer_one_open_uq" ON "cash_drawer_sessions" USING btree ("status") WHERE "cash_drawer_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "cash_drawer_opened_idx" ON "cash_drawer_sessions" USING btree ("opened_at");