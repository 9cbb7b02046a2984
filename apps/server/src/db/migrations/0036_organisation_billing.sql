CREATE TABLE "organisation_invoice_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"month" text NOT NULL,
	"number" text NOT NULL,
	"plan_version_id" uuid,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organisation_invoices_total" CHECK (taxable_paise + cgst_paise + sgst_paise + igst_paise = total_paise)
);
--> statement-breakpoint
CREATE TABLE "organisation_subscriptions" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"trial_started_at" timestamp with time zone NOT NULL,
	"trial_ends_at" timestamp with time zone NOT NULL,
	"trial_ended_at" timestamp with time zone,
	"plan_version_id" uuid,
	"pending_plan_version_id" uuid,
	"provider" text,
	"provider_subscription_id" text,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"act" text,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_usage_kind" CHECK (kind in ('trial', 'plan'))
);
--> statement-breakpoint
CREATE TABLE "plan_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"monthly_paise" bigint NOT NULL,
	"included_notarisations" integer NOT NULL,
	"overage_paise" bigint NOT NULL,
	"active" boolean NOT NULL,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_invoices" ADD CONSTRAINT "organisation_invoices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invoices" ADD CONSTRAINT "organisation_invoices_plan_version_id_plan_versions_id_fk" FOREIGN KEY ("plan_version_id") REFERENCES "public"."plan_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_subscriptions" ADD CONSTRAINT "organisation_subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_subscriptions" ADD CONSTRAINT "organisation_subscriptions_plan_version_id_plan_versions_id_fk" FOREIGN KEY ("plan_version_id") REFERENCES "public"."plan_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_subscriptions" ADD CONSTRAINT "organisation_subscriptions_pending_plan_version_id_plan_versions_id_fk" FOREIGN KEY ("pending_plan_version_id") REFERENCES "public"."plan_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_usage" ADD CONSTRAINT "organisation_usage_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_usage" ADD CONSTRAINT "organisation_usage_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD CONSTRAINT "plan_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_invoices_month_key" ON "organisation_invoices" USING btree ("organisation_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_invoices_number_key" ON "organisation_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_subscriptions_provider_key" ON "organisation_subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_usage_application_key" ON "organisation_usage" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "organisation_usage_month_idx" ON "organisation_usage" USING btree ("organisation_id","month");--> statement-breakpoint
CREATE INDEX "plan_versions_code_idx" ON "plan_versions" USING btree ("code","created_at");--> statement-breakpoint
-- Money is evidence (0007): plan versions and issued invoices are never rewritten.
CREATE TRIGGER plan_versions_append_only BEFORE UPDATE OR DELETE ON plan_versions
  FOR EACH ROW EXECUTE FUNCTION money_refuse_change();
--> statement-breakpoint
CREATE TRIGGER organisation_invoices_append_only BEFORE UPDATE OR DELETE ON organisation_invoices
  FOR EACH ROW EXECUTE FUNCTION money_refuse_change();
