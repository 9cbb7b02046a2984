CREATE TABLE "opening_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"notify_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_recordings" ADD COLUMN "retain_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_recordings" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "opening_reminders" ADD CONSTRAINT "opening_reminders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opening_reminders_key" ON "opening_reminders" USING btree ("application_id","notify_at");--> statement-breakpoint
CREATE INDEX "opening_reminders_due_idx" ON "opening_reminders" USING btree ("notify_at") WHERE "opening_reminders"."sent_at" is null;