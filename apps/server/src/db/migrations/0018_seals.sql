CREATE TABLE "seals" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"verification_code" text NOT NULL,
	"sealed_blob_key" text,
	"sealed_sha256" text,
	"signature_sha256" text,
	"size_bytes" integer,
	"notary_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "seals" ADD CONSTRAINT "seals_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seals" ADD CONSTRAINT "seals_notary_id_notary_profiles_user_id_fk" FOREIGN KEY ("notary_id") REFERENCES "public"."notary_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seals_verification_code_key" ON "seals" USING btree ("verification_code");--> statement-breakpoint
CREATE INDEX "seals_sealed_sha256_idx" ON "seals" USING btree ("sealed_sha256");--> statement-breakpoint
CREATE INDEX "seals_signature_sha256_idx" ON "seals" USING btree ("signature_sha256");