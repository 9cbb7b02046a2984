CREATE TABLE "recording_manifest_entries" (
	"application_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"participant" text NOT NULL,
	"take" integer,
	"part" integer,
	"blob_key" text,
	"sha256" text,
	"size_bytes" integer,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_manifest_entries_application_id_seq_pk" PRIMARY KEY("application_id","seq")
);
--> statement-breakpoint
ALTER TABLE "recording_manifest_entries" ADD CONSTRAINT "recording_manifest_entries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;