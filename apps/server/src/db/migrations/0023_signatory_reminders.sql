CREATE TABLE "signatory_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"signatory_id" uuid NOT NULL,
	"step" integer,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signatory_reminders" ADD CONSTRAINT "signatory_reminders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatory_reminders" ADD CONSTRAINT "signatory_reminders_signatory_id_application_signatories_id_fk" FOREIGN KEY ("signatory_id") REFERENCES "public"."application_signatories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signatory_reminders_step_key" ON "signatory_reminders" USING btree ("signatory_id","step");--> statement-breakpoint
CREATE INDEX "signatory_reminders_signatory_idx" ON "signatory_reminders" USING btree ("signatory_id","sent_at");