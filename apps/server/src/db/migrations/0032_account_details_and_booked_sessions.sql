CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"confirm_token_hash" text NOT NULL,
	"confirm_expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"undo_token_hash" text,
	"undo_expires_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "booked_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"notary_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"booked_by" uuid NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"no_show_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_reminders" (
	"booking_id" uuid NOT NULL,
	"minutes_before" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_reminders_booking_id_minutes_before_pk" PRIMARY KEY("booking_id","minutes_before")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booked_sessions" ADD CONSTRAINT "booked_sessions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booked_sessions" ADD CONSTRAINT "booked_sessions_notary_id_notary_profiles_user_id_fk" FOREIGN KEY ("notary_id") REFERENCES "public"."notary_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booked_sessions" ADD CONSTRAINT "booked_sessions_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_booked_sessions_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booked_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_confirm_token_key" ON "email_changes" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_undo_token_key" ON "email_changes" USING btree ("undo_token_hash");--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booked_sessions_notary_slot_key" ON "booked_sessions" USING btree ("notary_id","starts_at") WHERE "booked_sessions"."status" in ('booked', 'started');--> statement-breakpoint
CREATE UNIQUE INDEX "booked_sessions_one_per_application_key" ON "booked_sessions" USING btree ("application_id") WHERE "booked_sessions"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "booked_sessions_starts_idx" ON "booked_sessions" USING btree ("status","starts_at");--> statement-breakpoint
-- Every booking is one slot on the 30-minute grid: with equal lengths on one grid, the unique (notary, start) key
-- among live bookings is exactly "no two bookings of one notary overlap".
ALTER TABLE "booked_sessions" ADD CONSTRAINT "booked_sessions_slot_check" CHECK ("ends_at" = "starts_at" + interval '30 minutes' AND extract(epoch from "starts_at")::bigint % 1800 = 0);
