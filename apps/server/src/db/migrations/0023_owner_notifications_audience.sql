CREATE TABLE "owner_notifications" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"owner_id" varchar(24) NOT NULL,
	"customer_user_id" varchar(24),
	"kind" varchar(40) NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD COLUMN "audience" varchar(8) DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_notifications" ADD CONSTRAINT "owner_notifications_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_notifications" ADD CONSTRAINT "owner_notifications_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_notifications_dedupe_uq" ON "owner_notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "owner_notifications_owner_created_idx" ON "owner_notifications" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "owner_notifications_owner_unread_idx" ON "owner_notifications" USING btree ("owner_id") WHERE "owner_notifications"."read_at" is null;--> statement-breakpoint
UPDATE "staff_notifications" SET "audience" = 'admin' WHERE "kind" = 'refund_failed';
