CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"actor_admin_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"detail" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "verified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","created_at");--> statement-breakpoint
-- The audit trail is evidence: never rewritten or removed (decision 0054).
CREATE FUNCTION audit_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit events are append-only (% refused)', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only
  BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate
  BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
-- Back-fill: the modules' trails written before this table existed, in the one shape (same ids, same times).
INSERT INTO audit_events (id, actor_id, actor_role, action, subject_type, subject_id, detail, ip_address, created_at)
SELECT id, actor_id, coalesce(actor_role, 'system'), 'application.status_changed', 'application', application_id::text,
  coalesce(from_status, '—') || ' → ' || to_status || coalesce(': ' || reason, ''), ip_address, created_at
FROM application_events;
--> statement-breakpoint
INSERT INTO audit_events (id, actor_id, actor_role, actor_admin_roles, action, subject_type, subject_id, detail, ip_address, created_at)
SELECT id, actor_id, 'admin', actor_roles, 'account.' || action, 'account', user_id::text, reason, ip_address, created_at
FROM account_events;
--> statement-breakpoint
INSERT INTO audit_events (id, actor_id, actor_role, action, subject_type, subject_id, detail, created_at)
SELECT e.id, e.actor_id, coalesce(u.role, 'system'), 'notary.status_changed', 'notary', e.notary_id::text,
  e.from_status || ' → ' || e.to_status || coalesce(': ' || e.reason, ''), e.created_at
FROM notary_status_events e LEFT JOIN users u ON u.id = e.actor_id;
--> statement-breakpoint
INSERT INTO audit_events (id, actor_id, actor_role, action, subject_type, subject_id, detail, ip_address, created_at)
SELECT l.id, l.reader_user_id, l.reader_role, 'identity.image_read', 'signatory', d.signatory_id::text,
  d.kind || coalesce(': ' || l.reason, ''), l.ip_address, l.created_at
FROM identity_access_log l JOIN identity_documents d ON d.id = l.document_id;
