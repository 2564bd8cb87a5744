CREATE TABLE "service_flag_lift_requests" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"flag_id" varchar(24) NOT NULL,
	"owner_id" varchar(24) NOT NULL,
	"customer_user_id" varchar(24),
	"reason" text NOT NULL,
	"status" varchar(10) NOT NULL,
	"admin_note" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" varchar(24),
	"resolved_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_flag_lift_requests_status_ck" CHECK ("service_flag_lift_requests"."status" in ('pending','approved','rejected'))
);
--> statement-breakpoint
CREATE TABLE "service_flag_overrides" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"flag_id" varchar(24) NOT NULL,
	"by_user_id" varchar(24) NOT NULL,
	"reason" text NOT NULL,
	"allowed_kind" varchar(16) NOT NULL,
	"allowed_id" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_flags" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"subject" varchar(8) NOT NULL,
	"owner_id" varchar(24),
	"pet_id" varchar(24),
	"reason" text NOT NULL,
	"status" varchar(12) NOT NULL,
	"requested_by" varchar(24),
	"requested_at" timestamp with time zone,
	"decided_by" varchar(24),
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"lifted_by" varchar(24),
	"lifted_by_name" text,
	"lifted_at" timestamp with time zone,
	"lift_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_flags_subject_ck" CHECK (("service_flags"."subject" = 'pet' and "service_flags"."pet_id" is not null and "service_flags"."owner_id" is null) or ("service_flags"."subject" = 'owner' and "service_flags"."owner_id" is not null and "service_flags"."pet_id" is null)),
	CONSTRAINT "service_flags_status_ck" CHECK ("service_flags"."status" in ('requested','active','rejected','lifted'))
);
--> statement-breakpoint
ALTER TABLE "service_flag_lift_requests" ADD CONSTRAINT "service_flag_lift_requests_flag_id_service_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."service_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_flag_lift_requests" ADD CONSTRAINT "service_flag_lift_requests_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_flag_lift_requests" ADD CONSTRAINT "service_flag_lift_requests_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_flag_lift_requests" ADD CONSTRAINT "service_flag_lift_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_flag_overrides" ADD CONSTRAINT "service_flag_overrides_flag_id_service_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."service_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_flag_overrides" ADD CONSTRAINT "service_flag_overrides_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_flags" ADD CONSTRAINT "service_flags_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_flags" ADD CONSTRAINT "service_flags_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_flags" ADD CONSTRAINT "service_flags_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_flags" ADD CONSTRAINT "service_flags_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_flags" ADD CONSTRAINT "service_flags_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_flag_lift_requests_pending_uq" ON "service_flag_lift_requests" USING btree ("flag_id") WHERE "service_flag_lift_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "service_flag_lift_requests_status_idx" ON "service_flag_lift_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_flag_lift_requests_flag_idx" ON "service_flag_lift_requests" USING btree ("flag_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_flag_overrides_flag_idx" ON "service_flag_overrides" USING btree ("flag_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "service_flags_live_pet_uq" ON "service_flags" USING btree ("pet_id") WHERE "service_flags"."status" in ('requested','active');--> statement-breakpoint
CREATE UNIQUE INDEX "service_flags_live_owner_uq" ON "service_flags" USING btree ("owner_id") WHERE "service_flags"."status" in ('requested','active');--> statement-breakpoint
CREATE INDEX "service_flags_status_idx" ON "service_flags" USING btree ("status","created_at" DESC NULLS LAST);