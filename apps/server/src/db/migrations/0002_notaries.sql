CREATE TABLE "notary_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_reason" text,
	"full_name" text,
	"registration_number" text,
	"appointing_government" text,
	"area_of_practice" text,
	"commission_expires_on" text,
	"office_address" text,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seal_layout" jsonb,
	"signing_certificate" jsonb,
	"is_online" boolean DEFAULT false NOT NULL,
	"working_from" text DEFAULT '10:00' NOT NULL,
	"working_to" text DEFAULT '20:00' NOT NULL,
	"expiry_reminders_sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notary_register_counters" (
	"notary_id" uuid PRIMARY KEY NOT NULL,
	"last_serial" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notary_register_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notary_id" uuid NOT NULL,
	"serial" integer NOT NULL,
	"act_date" text NOT NULL,
	"notarial_act" text NOT NULL,
	"executant_name" text NOT NULL,
	"executant_address" text NOT NULL,
	"document_description" text NOT NULL,
	"fee_stamp" text,
	"prescribed_fee_paise" integer NOT NULL,
	"fee_charged_paise" integer NOT NULL,
	"receipt_serial" text NOT NULL,
	"executant_signature_ref" text,
	"notary_signature_ref" text,
	"application_id" uuid,
	"recording_sha256" text,
	"identity_evidence" jsonb,
	"document_sha256_before" text,
	"document_sha256_after" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notary_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notary_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notary_profiles" ADD CONSTRAINT "notary_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_register_counters" ADD CONSTRAINT "notary_register_counters_notary_id_notary_profiles_user_id_fk" FOREIGN KEY ("notary_id") REFERENCES "public"."notary_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_register_entries" ADD CONSTRAINT "notary_register_entries_notary_id_notary_profiles_user_id_fk" FOREIGN KEY ("notary_id") REFERENCES "public"."notary_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_status_events" ADD CONSTRAINT "notary_status_events_notary_id_notary_profiles_user_id_fk" FOREIGN KEY ("notary_id") REFERENCES "public"."notary_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notary_profiles_registration_key" ON "notary_profiles" USING btree (upper("registration_number"));--> statement-breakpoint
CREATE INDEX "notary_profiles_status_idx" ON "notary_profiles" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "notary_register_serial_key" ON "notary_register_entries" USING btree ("notary_id","serial");--> statement-breakpoint
CREATE INDEX "notary_register_date_idx" ON "notary_register_entries" USING btree ("notary_id","act_date");--> statement-breakpoint
CREATE INDEX "notary_status_events_notary_idx" ON "notary_status_events" USING btree ("notary_id","created_at");