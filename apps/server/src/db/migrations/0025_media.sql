CREATE TABLE "media" (
	"hash" varchar(64) NOT NULL,
	"variant" varchar(8) NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"owner_id" varchar(24),
	"store" varchar(8) DEFAULT 'db' NOT NULL,
	"bytes" "bytea",
	"created_by" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_hash_variant_pk" PRIMARY KEY("hash","variant"),
	CONSTRAINT "media_variant_ck" CHECK ("media"."variant" in ('display','thumb')),
	CONSTRAINT "media_bytes_ck" CHECK ("media"."store" <> 'db' or "media"."bytes" is not null)
);
--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "photo_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_owner_idx" ON "media" USING btree ("owner_id");