CREATE TABLE "portal_email_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signatory_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signatory_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"signatory_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"text_version" text NOT NULL,
	"reason" text,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_email_codes" ADD CONSTRAINT "portal_email_codes_signatory_id_application_signatories_id_fk" FOREIGN KEY ("signatory_id") REFERENCES "public"."application_signatories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatory_consents" ADD CONSTRAINT "signatory_consents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatory_consents" ADD CONSTRAINT "signatory_consents_signatory_id_application_signatories_id_fk" FOREIGN KEY ("signatory_id") REFERENCES "public"."application_signatories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_email_codes_signatory_idx" ON "portal_email_codes" USING btree ("signatory_id","created_at");--> statement-breakpoint
CREATE INDEX "signatory_consents_signatory_idx" ON "signatory_consents" USING btree ("signatory_id","created_at");--> statement-breakpoint
-- A consent is evidence of what the signatory agreed to, and when: never rewritten.
CREATE TRIGGER signatory_consents_append_only BEFORE UPDATE OR DELETE ON signatory_consents
  FOR EACH ROW EXECUTE FUNCTION money_refuse_change();
