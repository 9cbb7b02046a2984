CREATE TABLE "signatory_languages" (
	"signatory_id" uuid PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signatory_languages_language_check" CHECK ("signatory_languages"."language" in ('en', 'hi'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "text_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "text_params" jsonb;--> statement-breakpoint
ALTER TABLE "signatory_languages" ADD CONSTRAINT "signatory_languages_signatory_id_application_signatories_id_fk" FOREIGN KEY ("signatory_id") REFERENCES "public"."application_signatories"("id") ON DELETE cascade ON UPDATE no action;