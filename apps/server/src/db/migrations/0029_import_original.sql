CREATE TABLE "import_records" (
	"collection" varchar(32) NOT NULL,
	"original_id" varchar(24) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"outcome" varchar(8) NOT NULL,
	"target_table" varchar(32) NOT NULL,
	"target_id" varchar(24) NOT NULL,
	"money" jsonb,
	"run_id" varchar(24) NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_records_collection_original_id_pk" PRIMARY KEY("collection","original_id"),
	CONSTRAINT "import_records_outcome_ck" CHECK ("import_records"."outcome" in ('imported','merged'))
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"mode" varchar(8) NOT NULL,
	"status" varchar(8) NOT NULL,
	"via" varchar(8) NOT NULL,
	"started_by" varchar(24),
	"source" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"documents" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"error" text,
	CONSTRAINT "import_runs_mode_ck" CHECK ("import_runs"."mode" in ('dry-run','import','photos')),
	CONSTRAINT "import_runs_status_ck" CHECK ("import_runs"."status" in ('running','done','failed'))
);
--> statement-breakpoint
ALTER TABLE "owners" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "visit_type_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "service_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "pet_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_url" text;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "photo_url" text;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "item_code" text;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "visit_types" ADD COLUMN "original" jsonb;--> statement-breakpoint
ALTER TABLE "customer_services" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_services" ADD COLUMN "features" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_records_target_idx" ON "import_records" USING btree ("target_table","target_id");--> statement-breakpoint
CREATE INDEX "import_runs_started_idx" ON "import_runs" USING btree ("started_at");