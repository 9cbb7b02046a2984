CREATE TABLE "recording_chunks" (
	"recording_id" uuid NOT NULL,
	"chunk_index" integer NOT NULL,
	"blob_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"notary_id" uuid NOT NULL,
	"status" text DEFAULT 'recording' NOT NULL,
	"blob_key" text,
	"sha256" text,
	"size_bytes" bigint,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recording_chunks" ADD CONSTRAINT "recording_chunks_recording_id_session_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."session_recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_recordings" ADD CONSTRAINT "session_recordings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_recordings" ADD CONSTRAINT "session_recordings_notary_id_notary_profiles_user_id_fk" FOREIGN KEY ("notary_id") REFERENCES "public"."notary_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recording_chunks_key" ON "recording_chunks" USING btree ("recording_id","chunk_index");--> statement-breakpoint
CREATE UNIQUE INDEX "session_recordings_application_key" ON "session_recordings" USING btree ("application_id");