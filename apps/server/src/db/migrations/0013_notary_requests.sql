CREATE TABLE "notary_request_declines" (
	"request_id" uuid NOT NULL,
	"notary_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notary_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"notary_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"requested_by_user_id" uuid,
	"requested_by_signatory_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_by" uuid,
	"decided_at" timestamp with time zone,
	"decline_reason" text
);
--> statement-breakpoint
ALTER TABLE "notary_request_declines" ADD CONSTRAINT "notary_request_declines_request_id_notary_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."notary_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_request_declines" ADD CONSTRAINT "notary_request_declines_notary_id_notary_profiles_user_id_fk" FOREIGN KEY ("notary_id") REFERENCES "public"."notary_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_requests" ADD CONSTRAINT "notary_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_requests" ADD CONSTRAINT "notary_requests_notary_id_notary_profiles_user_id_fk" FOREIGN KEY ("notary_id") REFERENCES "public"."notary_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_requests" ADD CONSTRAINT "notary_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_requests" ADD CONSTRAINT "notary_requests_requested_by_signatory_id_application_signatories_id_fk" FOREIGN KEY ("requested_by_signatory_id") REFERENCES "public"."application_signatories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_requests" ADD CONSTRAINT "notary_requests_accepted_by_notary_profiles_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."notary_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notary_request_declines_key" ON "notary_request_declines" USING btree ("request_id","notary_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notary_requests_one_open_key" ON "notary_requests" USING btree ("application_id") WHERE "notary_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "notary_requests_open_idx" ON "notary_requests" USING btree ("status","expires_at");