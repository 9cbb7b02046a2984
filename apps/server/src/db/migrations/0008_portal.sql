CREATE TABLE "signatory_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"signatory_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "signatory_invitations" ADD CONSTRAINT "signatory_invitations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatory_invitations" ADD CONSTRAINT "signatory_invitations_signatory_id_application_signatories_id_fk" FOREIGN KEY ("signatory_id") REFERENCES "public"."application_signatories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signatory_invitations_token_hash_key" ON "signatory_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signatory_invitations_signatory_idx" ON "signatory_invitations" USING btree ("signatory_id","created_at");