CREATE TABLE "identity_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"signatory_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"blob_key" text,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"qr_outcome" text,
	"aadhaar_last4" text,
	"qr_mismatches" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_signatory_id_application_signatories_id_fk" FOREIGN KEY ("signatory_id") REFERENCES "public"."application_signatories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_documents_signatory_idx" ON "identity_documents" USING btree ("signatory_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "identity_documents_retention_idx" ON "identity_documents" USING btree ("created_at") WHERE "identity_documents"."deleted_at" is null;