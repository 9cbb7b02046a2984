CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"signatory_id" uuid,
	"application_id" uuid,
	"subscriber_id" uuid,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"decision" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_decision_check" CHECK ("consent_records"."decision" in ('given', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"text" text NOT NULL,
	"ip_address" text,
	"requested_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"kept" jsonb,
	"erased" jsonb,
	"failure" text,
	CONSTRAINT "data_requests_kind_check" CHECK ("data_requests"."kind" in ('withdrawal', 'erasure')),
	CONSTRAINT "data_requests_status_check" CHECK ("data_requests"."status" in ('pending', 'cancelled', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_email_hash" text;--> statement-breakpoint
CREATE INDEX "consent_records_user_idx" ON "consent_records" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "consent_records_signatory_idx" ON "consent_records" USING btree ("signatory_id","created_at");--> statement-breakpoint
CREATE INDEX "data_requests_user_idx" ON "data_requests" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "data_requests_due_idx" ON "data_requests" USING btree ("status","effective_at");--> statement-breakpoint
CREATE INDEX "users_closed_email_idx" ON "users" USING btree ("closed_email_hash");--> statement-breakpoint
-- Consent records are evidence (DPDP Act s.6(10)): never rewritten or removed (decision 0066).
CREATE FUNCTION consent_records_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consent records are append-only (% refused)', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER consent_records_append_only
  BEFORE UPDATE OR DELETE ON consent_records
  FOR EACH ROW EXECUTE FUNCTION consent_records_refuse_change();
--> statement-breakpoint
CREATE TRIGGER consent_records_no_truncate
  BEFORE TRUNCATE ON consent_records
  FOR EACH STATEMENT EXECUTE FUNCTION consent_records_refuse_change();
--> statement-breakpoint
-- Identity-processing consents given in the portal before this table existed, in the one trail (same ids, times).
INSERT INTO consent_records (id, signatory_id, application_id, kind, version, decision, ip_address, user_agent, created_at)
SELECT id, signatory_id, application_id, 'identity_processing', text_version,
       CASE WHEN decision = 'accept' THEN 'given' ELSE 'declined' END, ip_address, user_agent, created_at
FROM signatory_consents;
--> statement-breakpoint
-- Terms accepted at registration before this table existed (users.terms_version): the same trail. No privacy-notice
-- row: the notice version of this release is asked for at their next sign-in.
INSERT INTO consent_records (user_id, kind, version, decision, created_at)
SELECT id, 'terms', terms_version, 'given', coalesce(terms_accepted_at, created_at)
FROM users WHERE terms_version IS NOT NULL;
