CREATE TABLE "recording_manifests" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"final_hash" text NOT NULL,
	"part_count" integer NOT NULL,
	"manifest" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recording_manifests" ADD CONSTRAINT "recording_manifests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;